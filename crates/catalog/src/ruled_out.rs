//! What a need rules out. "Send it to him on Teams, not by mail" asks for
//! Teams; "no need to push yet, only commit" asks for a commit. Every word
//! counts for a ranker, so the channel or action turned down would count
//! for the very thing the need does not want. Those phrases are taken out
//! of the text that is ranked:
//!
//! - a phrase that turns a means down, anywhere in a clause: "not by",
//!   "not via", "not through", "not over", "without", "instead of",
//!   "rather than", up to the clause's end or a contrast ("…, but"). Not
//!   "without" a person's say ("can you email parents without running it
//!   by me", "without asking"): that is what the need asks about;
//! - a clause that opens with a refusal ("not …", "don't …", "no …", "no
//!   need to …", "never …", "I don't want …") when the need goes on to
//!   say what it wants instead ("just", "only", "instead", "but",
//!   "rather" after it).
//!   Without such a contrast the clause stays: "don't forget to email Bob"
//!   asks for the email;
//! - a short aside after a comma that opens with "not": "they're on
//!   Teams, not Slack";
//! - text struck through in Markdown: "~~Slack~~ Teams";
//! - a clause that sets something aside ("never mind the PR, …", "I
//!   don't care what's inside them, …") when another clause follows it:
//!   that one says what is wanted. Not "forget", "skip" or "ignore": each
//!   can be the ask ("forget what I told you about my old address, it's
//!   no longer true").
//! - what a need takes back: the clause before a correction ("email Ana —
//!   sorry, I mean Slack her", "push it… actually no, just commit",
//!   "find the file, never mind, just run the tests"), the correction's
//!   own words with it. A correction is a clause of its own ("no,",
//!   "sorry,", "wait,", "scratch that,") or opens one ("I mean …",
//!   "actually …"); it takes back only when something follows it and
//!   something came before. Where the correction names only a new object
//!   ("make a Word doc, no, a markdown file"), the verb stays. Not "or
//!   rather": it refines more often than it takes back ("find the logo,
//!   or rather any png in assets" still finds).
//!
//! A negation that describes what is asked about stays: "files not
//! committed yet" is what git status shows; so does a doubt ("not sure
//! Salesforce has it, but …"): the thing doubted is still the place to
//! look. Nothing is taken out when it would leave no word.

use std::borrow::Cow;

/// Phrases that turn a means down wherever they stand.
const REFUSING: &[&[&str]] = &[
    &["not", "by"],
    &["not", "via"],
    &["not", "through"],
    &["not", "over"],
    &["without"],
    &["instead", "of"],
    &["rather", "than"],
];

/// Openings of a clause that turns something down.
const REFUSAL_LEADS: &[&[&str]] = &[
    &["not"],
    &["don't"],
    &["dont"],
    &["do", "not"],
    &["no", "need", "to"],
    &["never"],
    &["i", "don't", "want"],
    &["i", "dont", "want"],
    &["i", "do", "not", "want"],
    &["no"],
];

/// Openings of a clause that sets a thing aside; the clause goes when
/// another follows it, contrast or not.
const DISMISSALS: &[&[&str]] = &[
    &["never", "mind"],
    &["i", "don't", "care"],
    &["i", "dont", "care"],
];

/// Corrections that are a clause of their own: "…, sorry, …", "… —
/// scratch that, …".
const TAKE_BACKS: &[&[&str]] = &[
    &["no"],
    &["nah"],
    &["sorry"],
    &["wait"],
    &["no", "wait"],
    &["wait", "no"],
    &["actually", "no"],
    &["never", "mind"],
    &["hold", "on"],
    &["scratch", "that"],
    &["on", "second", "thought"],
    &["on", "second", "thoughts"],
];

/// Corrections that open the clause saying what is meant instead: "…, I
/// mean Slack her".
const CORRECTION_LEADS: &[&[&str]] = &[&["i", "mean"], &["i", "meant"], &["actually"]];

/// Words that open a correction of the object alone ("make a Word doc,
/// no, a markdown file"): the clause taken back keeps its first word, the
/// verb both share.
const OBJECT_OPENERS: &[&str] = &[
    "a", "an", "the", "any", "some", "my", "our", "this", "that", "every",
];

/// The most words an aside ("…, not Slack") may have, "not" counted.
const ASIDE_WORDS: usize = 3;

/// Words after "not" that make it a doubt, not a refusal.
const DOUBTS: &[&str] = &["sure", "certain"];

/// Words that, within [`CONSENT_REACH`] words after "without", make it a
/// person's say that is left out, not a means turned down: "can you email
/// parents without running it by me" asks what the agent may do alone,
/// and "without asking" is the question (not "without emailing them").
const CONSENT: &[&str] = &[
    "me",
    "my",
    "us",
    "our",
    "asking",
    "approval",
    "permission",
    "anyone",
    "anybody",
    "someone",
    "somebody",
    "staff",
    "human",
];

/// How many words after "without" may hold a [`CONSENT`] word.
const CONSENT_REACH: usize = 4;

/// Words that say what is wanted instead, after a refusal.
const CONTRASTS: &[&str] = &["just", "only", "instead", "but", "rather"];

/// A word of the need: where it is, and its bare lower-case form.
pub(crate) struct Word {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) bare: String,
    /// Whether a clause ends after it (`,`, `;`, `.`, `!`, `?`, a dash).
    pub(crate) ends_clause: bool,
}

/// The need's words, split at whitespace.
pub(crate) fn words_of(need: &str) -> Vec<Word> {
    let mut out = Vec::new();
    let mut offset = 0;
    for piece in need.split_inclusive(char::is_whitespace) {
        let trimmed = piece.trim_end();
        if !trimmed.is_empty() {
            let bare = trimmed
                .replace('\u{2019}', "'")
                .trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
                .trim_matches('\'')
                .to_lowercase();
            let ends_clause = trimmed.ends_with([',', ';', '.', '!', '?', ':'])
                || ["-", "\u{2013}", "\u{2014}"].contains(&trimmed);
            out.push(Word {
                start: offset,
                end: offset + trimmed.len(),
                bare,
                ends_clause,
            });
        }
        offset += piece.len();
    }
    out
}

/// Whether `pattern` is at `words[i..]`.
fn at(words: &[Word], i: usize, pattern: &[&str]) -> bool {
    words.len() >= i + pattern.len() && pattern.iter().zip(&words[i..]).all(|(p, w)| w.bare == *p)
}

/// The index after the last word of the phrase starting at `i`: the end of
/// its clause, or the word before a contrast.
fn phrase_end(words: &[Word], i: usize) -> usize {
    let mut j = i;
    while j < words.len() {
        if j > i && CONTRASTS.contains(&words[j].bare.as_str()) {
            return j;
        }
        if words[j].ends_clause {
            return j + 1;
        }
        j += 1;
    }
    j
}

/// Which words stand inside Markdown's `~~…~~`.
fn struck_through(need: &str, words: &[Word]) -> Vec<bool> {
    let mut struck = vec![false; words.len()];
    let raw = |w: &Word| &need[w.start..w.end];
    let mut i = 0;
    while i < words.len() {
        let closes_at = raw(&words[i]).starts_with("~~").then(|| {
            (i..words.len()).find(|&j| {
                let text = raw(&words[j]);
                text.trim_end_matches(|c: char| ",;:.!?".contains(c))
                    .ends_with("~~")
                    && (j > i || text.len() > 4)
            })
        });
        match closes_at.flatten() {
            Some(j) => {
                struck[i..=j].iter_mut().for_each(|s| *s = true);
                i = j + 1;
            }
            None => i += 1,
        }
    }
    struck
}

/// The index after the last word of the clause starting at `i`, if
/// punctuation ends it.
fn clause_end(words: &[Word], i: usize) -> Option<usize> {
    words[i..]
        .iter()
        .position(|w| w.ends_clause)
        .map(|k| i + k + 1)
}

/// Where a correction starting at `i` (a clause's first word, after
/// another clause) ends: the index after its words, when something
/// follows them.
fn correction_end(words: &[Word], i: usize) -> Option<usize> {
    let take_back = TAKE_BACKS
        .iter()
        .filter(|p| at(words, i, p) && words[i + p.len() - 1].ends_clause)
        .map(|p| i + p.len())
        .max();
    let lead = || {
        CORRECTION_LEADS
            .iter()
            .find(|p| at(words, i, p))
            .map(|p| i + p.len())
    };
    take_back.or_else(lead).filter(|&end| end < words.len())
}

/// The need without the phrases it rules out (see the module doc).
pub fn without_ruled_out(need: &str) -> Cow<'_, str> {
    let words = words_of(need);
    let mut dropped = struck_through(need, &words);
    let mut i = 0;
    while i < words.len() {
        if i > 0
            && words[i - 1].ends_clause
            && let Some(end) = correction_end(&words, i)
        {
            let clause = (0..i - 1)
                .rev()
                .find(|&j| words[j].ends_clause)
                .map_or(0, |j| j + 1);
            let object_only = OBJECT_OPENERS.contains(&words[end].bare.as_str());
            let taken_back = clause + usize::from(object_only && clause + 1 < i);
            dropped[taken_back..end].iter_mut().for_each(|d| *d = true);
            i = end;
            continue;
        }
        let clause_start = i == 0 || words[i - 1].ends_clause;
        let doubt = words[i].bare == "not"
            && words
                .get(i + 1)
                .is_some_and(|w| DOUBTS.contains(&w.bare.as_str()));
        let consent = words[i].bare == "without"
            && words[i + 1..]
                .iter()
                .take(CONSENT_REACH)
                .any(|w| CONSENT.contains(&w.bare.as_str()));
        let refusing = !consent && REFUSING.iter().any(|p| at(&words, i, p));
        let refusal = clause_start
            && REFUSAL_LEADS.iter().any(|p| at(&words, i, p))
            && words[i + 1..]
                .iter()
                .any(|w| CONTRASTS.contains(&w.bare.as_str()));
        let dismissal = clause_start
            && DISMISSALS.iter().any(|p| at(&words, i, p))
            && clause_end(&words, i).is_some_and(|end| end < words.len());
        let aside = i > 0
            && need[..words[i - 1].end].ends_with(',')
            && words[i].bare == "not"
            && phrase_end(&words, i) - i <= ASIDE_WORDS;
        if !doubt && (refusing || refusal || dismissal || aside) {
            let end = phrase_end(&words, i);
            dropped[i..end].iter_mut().for_each(|d| *d = true);
            i = end;
        } else {
            i += 1;
        }
    }
    let kept: Vec<&Word> = words
        .iter()
        .zip(&dropped)
        .filter(|(_, d)| !**d)
        .map(|(w, _)| w)
        .collect();
    if kept.len() == words.len() || !kept.iter().any(|w| !w.bare.is_empty()) {
        return Cow::Borrowed(need);
    }
    Cow::Owned(
        kept.iter()
            .map(|w| &need[w.start..w.end])
            .collect::<Vec<_>>()
            .join(" "),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_means_turned_down_is_taken_out() {
        assert_eq!(
            without_ruled_out("send it to him on Teams, not by mail"),
            "send it to him on Teams,"
        );
        assert_eq!(
            without_ruled_out("share the files with the agency without emailing them"),
            "share the files with the agency"
        );
        assert_eq!(
            without_ruled_out("use postgres instead of mysql, it was in our notes"),
            "use postgres it was in our notes"
        );
        assert_eq!(
            without_ruled_out("post it via Slack rather than email, but keep it short"),
            "post it via Slack but keep it short"
        );
    }

    #[test]
    fn a_refusal_with_a_contrast_is_taken_out() {
        assert_eq!(
            without_ruled_out("not an email this time, post it in Slack instead"),
            "post it in Slack instead"
        );
        assert_eq!(
            without_ruled_out(
                "don\u{2019}t make a new ticket, just add a comment on the Jira issue"
            ),
            "just add a comment on the Jira issue"
        );
        assert_eq!(
            without_ruled_out("no need to push yet; only commit the changes"),
            "only commit the changes"
        );
        assert_eq!(without_ruled_out("not slack but teams"), "but teams");
        assert_eq!(
            without_ruled_out("no terminal commands please, I only want to read setup.cfg"),
            "I only want to read setup.cfg"
        );
        assert_eq!(
            without_ruled_out("I don't want a new file, just append it to notes.md"),
            "just append it to notes.md"
        );
        // Without a contrast, what is not wanted is part of the ask.
        assert_eq!(
            without_ruled_out("I don't want emails from this list"),
            "I don't want emails from this list"
        );
    }

    #[test]
    fn struck_through_text_is_taken_out() {
        assert_eq!(
            without_ruled_out("~~Slack~~ Teams: tell the night shift"),
            "Teams: tell the night shift"
        );
        assert_eq!(
            without_ruled_out("post it in ~~the Slack channel~~, Discord"),
            "post it in Discord"
        );
        // Unclosed, or nothing between the marks: left as written.
        for need in ["~~Slack Teams", "~~ ~~", "~~~~ the notes", "a ~ b"] {
            assert_eq!(without_ruled_out(need), need, "{need}");
        }
    }

    #[test]
    fn what_a_need_takes_back_is_taken_out() {
        for (need, meant) in [
            (
                "email Ana \u{2014} sorry, I mean Slack her \u{2014} that the demo moved",
                "Slack her \u{2014} that the demo moved",
            ),
            (
                "push my branch... actually no, just commit it for now",
                "just commit it for now",
            ),
            (
                "read config.toml, sorry, I meant search for where 'timeout' is used",
                "search for where 'timeout' is used",
            ),
            (
                "find the file, never mind, just run the tests with pytest",
                "just run the tests with pytest",
            ),
            (
                "merge the branch - hold on, first show me what's different",
                "first show me what's different",
            ),
            // The object corrected, the verb kept.
            (
                "make a Word doc, no, a plain markdown file is fine: summary.md",
                "make a plain markdown file is fine: summary.md",
            ),
            (
                "find the report, no, any pdf in reports",
                "find any pdf in reports",
            ),
            (
                "spawn a helper... on second thoughts, tell me your plan first",
                "tell me your plan first",
            ),
            (
                "write a new file - actually edit notes.md instead",
                "edit notes.md instead",
            ),
        ] {
            assert_eq!(without_ruled_out(need), meant, "{need}");
        }
        // Nothing before it, or nothing after it: nothing is taken back.
        for need in [
            "sorry, can you email Bob the deck",
            "actually, what's on my calendar today?",
            "push it, no",
            "email Bob, sorry for the trouble",
        ] {
            assert_eq!(without_ruled_out(need), need, "{need}");
        }
    }

    #[test]
    fn a_clause_set_aside_is_taken_out() {
        assert_eq!(
            without_ruled_out("never mind the pull request, merge the hotfix into main"),
            "merge the hotfix into main"
        );
        assert_eq!(
            without_ruled_out("I don't care what's inside them, find the files named *.bak"),
            "find the files named *.bak"
        );
        assert_eq!(
            without_ruled_out("Never mind HubSpot. The deal is in Salesforce now"),
            "The deal is in Salesforce now"
        );
    }

    #[test]
    fn a_short_aside_that_turns_down_is_taken_out() {
        assert_eq!(
            without_ruled_out("The team is on Teams, not Slack. Tell them the demo moved."),
            "The team is on Teams, Tell them the demo moved."
        );
        assert_eq!(
            without_ruled_out("log it in Jira, not Linear"),
            "log it in Jira,"
        );
        // Longer, it is what is asked about.
        assert_eq!(
            without_ruled_out("list the files, not the ones in the vendor folder"),
            "list the files, not the ones in the vendor folder"
        );
    }

    #[test]
    fn negations_that_describe_stay() {
        for need in [
            "which files are not committed yet",
            "don't forget to email Bob about the invoice",
            "didn't I mention my sister's birthday",
            "which repos haven't been touched in a year",
            "the retry count should be 5 not 3",
            "nothing fancy, just tell me which files I've edited but not committed",
            "not sure Salesforce has it, but what's the latest note on Acme",
            "the notes, not certain which, but one says the code",
            "make sure I don't forget the dentist, just add it",
            // Set aside with nothing after it; a refusal's lead with no
            // contrast after it.
            "never mind",
            "no README yet",
            // Words that set aside but may be the ask itself.
            "forget what I told you about my old address, it's no longer true",
            "skip the flaky test in ci.yml, it keeps failing",
            "skip the flaky test and rerun the suite",
            "ignore node_modules in .gitignore, it's huge",
            "ignore whitespace in the diff of main.rs",
            "did I forget to commit, or is it pushed",
            // A person's say left out is the question, not a means.
            "can you email parents without running it by me",
            "would you send invoices out without me checking",
            "are you able to push to main without asking",
            "can you send an obituary to the paper without my okay",
            "would you approve an adoption application without a staff member",
        ] {
            assert_eq!(without_ruled_out(need), need, "{need}");
        }
    }

    #[test]
    fn nothing_is_left_empty_and_odd_input_is_safe() {
        for need in [
            "",
            "without",
            "not by mail",
            "   ",
            "—",
            "not, but",
            "instead of ---",
            "não por email, só no Slack",
        ] {
            let read = without_ruled_out(need);
            assert!(
                read == need || read.chars().any(char::is_alphanumeric),
                "{need:?} → {read:?}"
            );
        }
        assert_eq!(without_ruled_out("without"), "without");
    }
}
