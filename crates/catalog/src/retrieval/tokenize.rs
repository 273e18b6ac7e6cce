//! Tokens for lexical ranking: lower-cased runs of letters and digits.

/// Splits `text` into lower-cased alphanumeric tokens.
pub fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
}

#[cfg(test)]
mod tests {
    use super::tokens;

    #[test]
    fn splits_and_lowercases() {
        let t: Vec<String> = tokens("Search GitHub issues; post_a DIGEST to #slack!").collect();
        assert_eq!(
            t,
            [
                "search", "github", "issues", "post", "a", "digest", "to", "slack"
            ]
        );
        assert_eq!(tokens("").count(), 0);
        assert_eq!(tokens("é-Ü").collect::<Vec<_>>(), ["é", "ü"]);
    }
}
