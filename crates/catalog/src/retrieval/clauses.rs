//! Cutting a query into its clauses, so that a task asking for several
//! things ("make a PDF report, and include a word cloud") is also ranked
//! one request at a time: one long query's embedding averages its requests
//! and matches none of them well.
//!
//! A clause ends at a sentence's end (`.`, `?`, `!`, `;` before a space),
//! before a connective that starts a next step (`then`, `and then`, `also`,
//! `and also`, `after that`, `finally`) and at `, and`. Pieces of fewer
//! than [`MIN_WORDS`] words are dropped: they name no request of their own.
//! A parenthesis that closes the query is an aside on all of it (the need
//! reader's hints are written so: "Repo: acme/web; Labels: bug (issue in
//! the repository)"), so its words make no clause long enough.

/// Fewer words than this are not a request.
pub const MIN_WORDS: usize = 3;

/// A query cut into more clauses keeps the first this many: ranking costs
/// one embedding per clause. The canonical sets' longest task has 20.
pub const MAX_CLAUSES: usize = 24;

/// Connectives that start a next step, longest first.
const CONNECTIVES: [&[&str]; 6] = [
    &["and", "then"],
    &["and", "also"],
    &["after", "that"],
    &["then"],
    &["also"],
    &["finally"],
];

/// The query's clauses, or nothing when it holds fewer than two (then the
/// query itself is the only request).
pub fn clauses(query: &str) -> Vec<String> {
    let words: Vec<&str> = query.split_whitespace().collect();
    let aside = closing_aside(&words);
    let mut out: Vec<String> = Vec::new();
    // The piece under way is `words[start..i]`.
    let mut start = 0;
    // Ends the piece at `end`; the next one starts at `next` (past a
    // connective).
    let mut flush = |start: &mut usize, end: usize, next: usize| {
        let text = words[*start..end].join(" ");
        let text = text.trim_matches(|c| c == ' ' || c == ',' || c == '.');
        let aside_words = end.saturating_sub(aside.max(*start));
        let own = text.split_whitespace().count().saturating_sub(aside_words);
        if own >= MIN_WORDS && out.len() < MAX_CLAUSES {
            out.push(text.to_owned());
        }
        *start = next;
    };
    let mut i = 0;
    while i < words.len() {
        let rest = &words[i..];
        // A connective counts only with words after it, like a sentence end.
        let connective = CONNECTIVES
            .iter()
            .find(|c| rest.len() > c.len() && starts_with_words(rest, c))
            .map(|c| c.len())
            .or_else(|| {
                let after_comma = i > start && words[i - 1].ends_with(',');
                (after_comma && rest.len() > 1 && rest[0].eq_ignore_ascii_case("and")).then_some(1)
            });
        if let Some(n) = connective {
            flush(&mut start, i, i + n);
            i += n;
            continue;
        }
        if rest.len() > 1 && rest[0].ends_with(['.', '?', '!', ';']) {
            flush(&mut start, i + 1, i + 1);
        }
        i += 1;
    }
    flush(&mut start, words.len(), words.len());
    if out.len() < 2 {
        out.clear();
    }
    out
}

/// Where the parenthesis that closes the query opens (an index into
/// `words`), or `words.len()` when the query ends otherwise.
fn closing_aside(words: &[&str]) -> usize {
    if !words.last().is_some_and(|w| w.ends_with(')')) {
        return words.len();
    }
    words
        .iter()
        .rposition(|w| w.starts_with('('))
        .unwrap_or(words.len())
}

fn starts_with_words(words: &[&str], connective: &[&str]) -> bool {
    words
        .iter()
        .zip(connective)
        .all(|(w, c)| w.eq_ignore_ascii_case(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_request_is_not_cut() {
        assert!(clauses("send an email to the team").is_empty());
        assert!(clauses("").is_empty());
        assert!(clauses("   ").is_empty());
        // The short piece names no request, so one clause is left: none.
        assert!(clauses("Please. Send an email to the team").is_empty());
    }

    #[test]
    fn sentences_and_connectives_cut() {
        assert_eq!(
            clauses("Find the weather in Paris. Then book a table for two, and email me the menu"),
            [
                "Find the weather in Paris",
                "book a table for two",
                "email me the menu"
            ]
        );
        assert_eq!(
            clauses("load the audio file and then compute the beat track"),
            ["load the audio file", "compute the beat track"]
        );
        assert_eq!(
            clauses("What is the stock price of Apple? Show me any recent news about it!"),
            [
                "What is the stock price of Apple?",
                "Show me any recent news about it!"
            ]
        );
    }

    #[test]
    fn a_plain_and_or_a_dot_inside_a_word_does_not_cut() {
        assert!(clauses("copy notes.txt and readme.md to the backup folder").is_empty());
        // A trailing connective or sentence end has nothing after it.
        assert!(clauses("summarise the report and then").is_empty());
    }

    #[test]
    fn a_closing_aside_makes_no_clause_long_enough() {
        // Without the aside, "Labels: bug" is too short to be a request.
        assert!(
            clauses("Title: login button misaligned; Labels: bug (issue in the repository)")
                .is_empty()
        );
        // A clause long enough on its own keeps the aside.
        assert_eq!(
            clauses("read the notes first. Then open a new ticket (Jira issue)"),
            ["read the notes first", "open a new ticket (Jira issue)"]
        );
        // Only a parenthesis that closes the query is an aside.
        assert_eq!(
            clauses("ask (quickly) about it. then mail the team now"),
            ["ask (quickly) about it", "mail the team now"]
        );
        assert!(clauses("(a b c d)").is_empty());
    }

    #[test]
    fn hostile_input_is_bounded() {
        let many = "do the first thing now. ".repeat(1000);
        assert_eq!(clauses(&many).len(), MAX_CLAUSES);
        let dots = ". . . ; ; ! ?".repeat(500);
        assert!(clauses(&dots).is_empty());
        let unicode = "résumé über straße. 東京 の 天気 を 教えて. ok ok ok";
        assert_eq!(clauses(unicode).len(), 3);
    }
}
