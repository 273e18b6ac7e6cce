//! Subagent roles and the words that call for each (`ROLE_KEYWORDS`).

pub const ROLE_KEYWORDS: &[(&str, &[&str])] = &[
    (
        "researcher",
        &["research", "find", "investigate", "search", "sources"],
    ),
    ("writer", &["write", "draft", "document", "blog", "copy"]),
    (
        "coder",
        &["code", "implement", "program", "develop", "build"],
    ),
    (
        "analyst",
        &["analyze", "analyse", "data", "metrics", "trends"],
    ),
    (
        "reviewer",
        &["review", "check", "audit", "critique", "proofread"],
    ),
    (
        "planner",
        &["plan", "schedule", "roadmap", "organize", "prioritize"],
    ),
];

/// The roles whose keywords appear among the query's words.
pub fn roles_for(query: &str) -> Vec<&'static str> {
    let words: Vec<String> = crate::retrieval::tokenize::tokens(query).collect();
    ROLE_KEYWORDS
        .iter()
        .filter(|(_, kws)| kws.iter().any(|k| words.iter().any(|w| w == k)))
        .map(|(r, _)| *r)
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn roles_match_whole_words() {
        assert_eq!(super::roles_for("Implement the parser"), ["coder"]);
        assert_eq!(
            super::roles_for("research and draft a plan"),
            ["researcher", "writer", "planner"]
        );
        assert!(super::roles_for("codex").is_empty());
    }
}
