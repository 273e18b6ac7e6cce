//! Words a speech-to-text engine wrote for the ones a dictated need
//! meant: "get status" for `git status`, "male Sarah" for mail, "hub spot"
//! for HubSpot. They are real words, so the speller (which reads only
//! words no dictionary has) never sees them. Each is read here only where
//! the word it stands for fits and the word as written does not: "four
//! the" is "for the", "four files" stays four.

use std::borrow::Cow;

use super::word_core as core;

/// Product names a dictation splits in two, and the name. "one drive"
/// and "one note" only after [`BEFORE_A_NAME`]: "add one note" is a count.
const SPLIT_NAMES: &[(&str, &str, &str)] = &[
    ("air", "table", "airtable"),
    ("bit", "bucket", "bitbucket"),
    ("drop", "box", "dropbox"),
    ("get", "hub", "github"),
    ("get", "lab", "gitlab"),
    ("git", "hub", "github"),
    ("git", "lab", "gitlab"),
    ("hub", "spot", "hubspot"),
    ("one", "drive", "onedrive"),
    ("one", "note", "onenote"),
    ("pipe", "drive", "pipedrive"),
    ("post", "gres", "postgres"),
    ("post", "gress", "postgres"),
    ("sales", "force", "salesforce"),
];

/// Words before "one drive" or "one note" that make it a product's name.
const BEFORE_A_NAME: &[&str] = &[
    "my", "our", "your", "the", "in", "on", "to", "into", "from", "onto",
];

/// git's subcommands: "get" before one of them, starting a clause, is
/// `git` ("get status", "then get push").
const GIT_WORDS: &[&str] = &[
    "add", "blame", "checkout", "clone", "commit", "diff", "fetch", "log", "merge", "pull", "push",
    "rebase", "stash", "status",
];

/// Words after "get status" or "get pull" that make "get" a verb again:
/// "get status of order 5", "get pull requests".
const GET_AS_VERB: &[&str] = &[
    "of",
    "on",
    "request",
    "requests",
    "notification",
    "notifications",
];

/// Words that start a clause before a misheard verb: "can you male Sarah",
/// "please merch release".
const CLAUSE_OPENERS: &[&str] = &[
    "please", "pls", "plz", "and", "then", "now", "just", "you", "to", "can", "could", "would",
    "ok", "okay", "so", "also", "first",
];

const DETERMINERS: &[&str] = &[
    "a", "an", "the", "this", "that", "these", "those", "my", "our", "your", "all", "every", "any",
    "some", "me",
];

/// Where a misheard word is read as the one meant.
enum When {
    /// Before one of these words.
    Before(&'static [&'static str]),
    /// After one of these words.
    After(&'static [&'static str]),
    /// Starting a clause, before one of these words (any word when empty).
    Leading(&'static [&'static str]),
}

/// Homophones a dictation writes, what they stand for, and where.
const HOMOPHONES: &[(&str, &str, When)] = &[
    ("ad", "add", When::Before(DETERMINERS)),
    ("ate", "eight", When::After(&["at"])),
    ("fine", "find", When::Leading(DETERMINERS)),
    ("four", "for", When::Before(DETERMINERS)),
    ("know", "now", When::After(&["right"])),
    ("male", "mail", When::Leading(&[])),
    ("merch", "merge", When::Leading(&[])),
    ("no", "know", When::Before(&["about"])),
    ("reed", "read", When::Leading(&[])),
    (
        "right",
        "write",
        When::Leading(&["a", "an", "the", "this", "that", "me", "it", "down"]),
    ),
    (
        "roe",
        "row",
        When::After(&[
            "a", "the", "new", "one", "each", "every", "another", "first", "last", "next", "this",
            "that",
        ]),
    ),
    (
        "two",
        "to",
        When::Before(&[
            "do", "be", "make", "see", "write", "right", "take", "send", "run", "check", "fix",
            "find", "get",
        ]),
    ),
];

/// The need with its misheard words read as meant, or as written when it
/// has none.
pub fn misheard(need: &str) -> Cow<'_, str> {
    let raw: Vec<&str> = need.split_whitespace().collect();
    let words: Vec<String> = raw.iter().map(|w| core(w).to_lowercase()).collect();
    let word = |i: usize| words.get(i).map_or("", String::as_str);
    // "Get" opens a dictated need with a capital; elsewhere a capital is a
    // name ("email Reed").
    let plain = |i: usize| i == 0 || !raw[i].chars().any(char::is_uppercase);
    // "no, about the other file": a word that ends its clause is meant.
    let ends_clause = |i: usize| raw[i].ends_with(|c: char| ",.;:!?…".contains(c));
    let opens_clause =
        |i: usize| i == 0 || ends_clause(i - 1) || CLAUSE_OPENERS.contains(&word(i - 1));
    let mut out: Vec<String> = Vec::with_capacity(raw.len());
    let mut changed = false;
    let mut i = 0;
    while i < raw.len() {
        let joined = SPLIT_NAMES.iter().find(|(a, b, _)| {
            word(i) == *a
                && word(i + 1) == *b
                && !raw[i].ends_with(|c: char| !c.is_alphanumeric())
                && (*a != "one" || (i > 0 && BEFORE_A_NAME.contains(&word(i - 1))))
        });
        if let Some((_, _, name)) = joined {
            // "(hub spot)": the first word's opening mark, the second's close.
            let opening = raw[i].find(char::is_alphanumeric).unwrap_or(0);
            let second = raw[i + 1].replacen(core(raw[i + 1]), name, 1);
            out.push(format!("{}{second}", &raw[i][..opening]));
            changed = true;
            i += 2;
            continue;
        }
        let git = word(i) == "get"
            && GIT_WORDS.contains(&word(i + 1))
            && !GET_AS_VERB.contains(&word(i + 2))
            && opens_clause(i);
        let meant = if git {
            Some("git")
        } else {
            HOMOPHONES
                .iter()
                .find(|(heard, _, when)| {
                    word(i) == *heard
                        && plain(i)
                        && match when {
                            When::Before(next) => !ends_clause(i) && next.contains(&word(i + 1)),
                            When::After(prev) => i > 0 && prev.contains(&word(i - 1)),
                            When::Leading(next) => {
                                opens_clause(i)
                                    && !ends_clause(i)
                                    && i + 1 < raw.len()
                                    && (next.is_empty() || next.contains(&word(i + 1)))
                            }
                        }
                })
                .map(|(_, meant, _)| *meant)
        };
        match meant {
            Some(meant) => {
                out.push(raw[i].replacen(core(raw[i]), meant, 1));
                changed = true;
            }
            None => out.push(raw[i].to_owned()),
        }
        i += 1;
    }
    if changed {
        Cow::Owned(out.join(" "))
    } else {
        Cow::Borrowed(need)
    }
}

#[cfg(test)]
mod tests {
    use super::misheard;

    #[test]
    fn dictated_needs_are_read_as_meant() {
        for (heard, meant) in [
            ("get status please", "git status please"),
            ("Get log since Monday", "git log since Monday"),
            (
                "get pull... no, get status first",
                "git pull... no, git status first",
            ),
            ("on get hub, file a bug", "on github, file a bug"),
            ("add Marco in Hub Spot", "add Marco in hubspot"),
            ("the CRM (hub spot) lead", "the CRM (hubspot) lead"),
            ("in the post gress database", "in the postgres database"),
            ("write this in my one note", "write this in my onenote"),
            (
                "male the accountant my receipts",
                "mail the accountant my receipts",
            ),
            ("can you male Sarah", "can you mail Sarah"),
            ("merch release into develop", "merge release into develop"),
            ("reed me the guide", "read me the guide"),
            ("fine every yaml file", "find every yaml file"),
            (
                "right a file called ideas.txt",
                "write a file called ideas.txt",
            ),
            ("a card four the venue", "a card for the venue"),
            ("what are you going two do", "what are you going to do"),
            ("ad a page", "add a page"),
            ("the raid is at ate", "the raid is at eight"),
            ("who are you right know", "who are you right now"),
            ("what do you no about it", "what do you know about it"),
            ("put it in a new roe", "put it in a new row"),
        ] {
            assert_eq!(misheard(heard), meant, "{heard}");
        }
    }

    #[test]
    fn the_words_stay_where_they_mean_themselves() {
        for need in [
            "get status of order 5512",
            "get pull requests waiting on me",
            "add one note to the card",
            "four files changed",
            "two files changed",
            "email Reed the deck",
            "a male nurse for the night shift",
            "order merch for the offsite",
            "that's fine, the deploy can wait",
            "turn right at the lights",
            "no, about the other file",
            "fish roe recipes",
            "I ate lunch at noon",
            "get the logs from the server",
        ] {
            assert_eq!(misheard(need), need, "{need}");
        }
    }
}
