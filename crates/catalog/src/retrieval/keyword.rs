//! The seed's keyword scorer (`scoreMatch`, §3.2), kept as the baseline:
//! keywords are the query's tokens minus STOP_WORDS and tokens shorter than
//! three characters; a keyword found in the name scores 2, else one found
//! in the content scores 1; the sum is divided by the keyword count and
//! clamped to 1.0.

use std::collections::HashMap;

use memchr::memmem::Finder;

use super::tokenize::tokens;
use super::{Doc, Ranker};

/// Words that carry no need.
pub const STOP_WORDS: &[&str] = &[
    "the",
    "and",
    "for",
    "with",
    "that",
    "this",
    "from",
    "into",
    "onto",
    "about",
    "what",
    "which",
    "who",
    "whom",
    "whose",
    "when",
    "where",
    "why",
    "how",
    "can",
    "could",
    "would",
    "should",
    "will",
    "shall",
    "may",
    "might",
    "must",
    "you",
    "your",
    "yours",
    "our",
    "ours",
    "their",
    "them",
    "they",
    "she",
    "her",
    "his",
    "him",
    "its",
    "are",
    "was",
    "were",
    "been",
    "being",
    "have",
    "has",
    "had",
    "does",
    "did",
    "doing",
    "not",
    "but",
    "all",
    "any",
    "some",
    "each",
    "more",
    "most",
    "other",
    "such",
    "only",
    "own",
    "same",
    "than",
    "too",
    "very",
    "just",
    "also",
    "then",
    "there",
    "here",
    "out",
    "over",
    "under",
    "again",
    "once",
    "please",
    "need",
    "want",
    "help",
    "like",
    "get",
    "give",
    "make",
    "let",
    "use",
    "using",
    "find",
    "show",
    "tell",
    "know",
    "one",
    "two",
    "new",
    "way",
    "thing",
    "things",
    "something",
    "anything",
    "everything",
];

/// The query's keywords, in order, without repeats.
pub fn extract_keywords(query: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in tokens(query) {
        if t.chars().count() >= 3 && !STOP_WORDS.contains(&t.as_str()) && !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The keywords that are plurals, in the singular ("emails" → "email",
/// "replies" → "reply"), in the same order and number; `None` when none
/// is. The seed's substring match finds "email" in "emails" but not
/// "emails" in "email", so a need said in the plural missed an entry that
/// says it in the singular.
pub fn singular_keywords(keywords: &[String]) -> Option<Vec<String>> {
    let mut changed = false;
    let out = keywords
        .iter()
        .map(|k| match singular(k) {
            Some(s) => {
                changed = true;
                s
            }
            None => k.clone(),
        })
        .collect();
    changed.then_some(out)
}

/// `word` in the singular when it reads as an English plural: "ies" → "y",
/// a final "s" dropped (not from "ss", "us" or "is": "class", "status",
/// "analysis"). Keeps at least three letters, as keywords do.
fn singular(word: &str) -> Option<String> {
    let n = word.len();
    if !word.is_ascii() || n < 4 {
        return None;
    }
    if n > 4 && word.ends_with("ies") {
        Some(format!("{}y", &word[..n - 3]))
    } else if word.ends_with('s') && !["ss", "us", "is"].iter().any(|e| word.ends_with(e)) {
        Some(word[..n - 1].to_owned())
    } else {
        None
    }
}

/// `scoreMatch(keywords, name, content)`: in [0, 1].
pub fn score_match(keywords: &[String], name: &str, content: &str) -> f64 {
    score_lowered(keywords, &name.to_lowercase(), &content.to_lowercase())
}

/// [`score_match`] for a name and content already in lower case (the
/// ranker lowers its corpus once, not once per query).
fn score_lowered(keywords: &[String], name: &str, content: &str) -> f64 {
    if keywords.is_empty() {
        return 0.0;
    }
    let points: u32 = keywords
        .iter()
        .map(|k| u32::from(points(&Finder::new(k), name, content)))
        .sum();
    (f64::from(points) / keywords.len() as f64).min(1.0)
}

/// A keyword's points in one document: 2 in its name, else 1 in its
/// content, else 0.
fn points(keyword: &Finder, name: &str, content: &str) -> u8 {
    if keyword.find(name.as_bytes()).is_some() {
        2
    } else {
        u8::from(keyword.find(content.as_bytes()).is_some())
    }
}

/// The keyword ranker over a corpus (name = the document id).
#[derive(Debug, Clone)]
pub struct KeywordRanker {
    docs: Vec<(String, String)>,
}

impl KeywordRanker {
    pub fn new(docs: &[Doc]) -> KeywordRanker {
        KeywordRanker {
            docs: docs
                .iter()
                .map(|d| (d.id.to_lowercase(), d.text.to_lowercase()))
                .collect(),
        }
    }
}

impl KeywordRanker {
    /// The score of document `i` for already-extracted keywords (0 for an
    /// index outside the corpus).
    pub fn score_one(&self, keywords: &[String], i: usize) -> f64 {
        self.docs
            .get(i)
            .map_or(0.0, |(n, c)| score_lowered(keywords, n, c))
    }

    /// [`Ranker::scores`] for each of `texts`, each keyword searched for
    /// once however many of the texts have it: a query's clauses share
    /// their keywords with the query.
    pub fn scores_each(&self, texts: &[&str]) -> Vec<Vec<f64>> {
        let keywords: Vec<Vec<String>> = texts.iter().map(|t| extract_keywords(t)).collect();
        let mut points: HashMap<&str, Vec<u8>> = HashMap::new();
        for k in keywords.iter().flatten() {
            points
                .entry(k.as_str())
                .or_insert_with(|| self.points_each(&Finder::new(k)));
        }
        keywords
            .iter()
            .map(|ks| {
                if ks.is_empty() {
                    return vec![0.0; self.docs.len()];
                }
                let mut sum = vec![0u32; self.docs.len()];
                for p in ks.iter().filter_map(|k| points.get(k.as_str())) {
                    for (s, &p) in sum.iter_mut().zip(p) {
                        *s += u32::from(p);
                    }
                }
                sum.into_iter()
                    .map(|s| (f64::from(s) / ks.len() as f64).min(1.0))
                    .collect()
            })
            .collect()
    }

    /// Each document's [`points`] for one keyword.
    fn points_each(&self, keyword: &Finder) -> Vec<u8> {
        self.docs
            .iter()
            .map(|(n, c)| points(keyword, n, c))
            .collect()
    }
}

impl Ranker for KeywordRanker {
    fn name(&self) -> &'static str {
        "keyword"
    }

    fn scores(&self, query: &str) -> Vec<f64> {
        self.scores_each(&[query]).pop().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals_read_in_the_singular() {
        let ks = |w: &[&str]| w.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(
            singular_keywords(&ks(&[
                "emails", "replies", "boss", "status", "analysis", "bus"
            ])),
            Some(ks(&["email", "reply", "boss", "status", "analysis", "bus"]))
        );
        assert_eq!(singular_keywords(&ks(&["email", "class", "cafés"])), None);
        // A plural keyword finds an entry that says it in the singular.
        assert_eq!(score_match(&ks(&["emails"]), "email", "send an email"), 0.0);
        assert_eq!(score_match(&ks(&["email"]), "email", "send an email"), 1.0);
    }

    #[test]
    fn keywords_drop_stop_words_and_short_tokens() {
        assert_eq!(
            extract_keywords("Can you help me find the risk of a project? risk!"),
            ["risk", "project"]
        );
    }

    #[test]
    fn texts_scored_together_score_as_scorematch_scores_each_alone() {
        let docs: Vec<Doc> = [
            ("files-mcp", "read and write files; profile the filesystem"),
            ("calendar", "schedule a meeting, reschedule it; Café hours"),
            ("ile", "nothing about f-i-l-e-s here"),
            ("empty", ""),
        ]
        .iter()
        .map(|(id, text)| Doc::new(*id, *text))
        .collect();
        let ranker = KeywordRanker::new(&docs);
        // Keywords that overlap one another and the documents' words, one
        // text's keywords inside another's, a text with no keyword.
        let texts = [
            "files file filesystem ile profile, reschedule the café meeting",
            "files file filesystem ile profile",
            "reschedule schedule meeting café",
            "the and for",
        ];
        // Each alone, by the seed's scoreMatch document by document.
        let alone: Vec<Vec<f64>> = texts
            .iter()
            .map(|t| {
                let k = extract_keywords(t);
                docs.iter()
                    .map(|d| score_match(&k, &d.id, &d.text))
                    .collect()
            })
            .collect();
        assert_eq!(ranker.scores_each(&texts), alone);
        assert_eq!(ranker.scores(texts[1]), alone[1]);
        assert!(alone[1][0] > alone[1][1] && alone[3].iter().all(|&s| s == 0.0));
    }

    #[test]
    fn name_hits_weigh_double_and_scores_clamp() {
        let k = extract_keywords("risk assessment project");
        assert!((score_match(&k, "risk-assessment", "for a project") - 1.0).abs() < 1e-9);
        assert!((score_match(&k, "planner", "risk of a project") - 2.0 / 3.0).abs() < 1e-9);
        assert_eq!(score_match(&[], "a", "b"), 0.0);
    }
}
