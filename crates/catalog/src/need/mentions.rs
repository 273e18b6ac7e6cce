//! Services named by an @mention, read as the service: "#finance @sheets:
//! add the electricity bill", "@monday #hiring: move Carla's card". A chat
//! or a tracker mentions a service's bot by a short name that alone names
//! nothing ("sheets", "drive") or something else ("Monday", a weekday).
//! A person's handle (`@maria`) stays as written: only the short names
//! below are read. Services whose short name is their name (`@jira`,
//! `@slack`) need nothing here.

use std::borrow::Cow;

use super::links::words_read_as;

/// A mention's short name (lower case) and the service it names.
const SERVICE_MENTIONS: &[(&str, &str)] = &[
    ("drive", "Google Drive"),
    ("monday", "monday.com"),
    ("sheet", "Google Sheets"),
    ("sheets", "Google Sheets"),
    ("teams", "Microsoft Teams"),
];

/// The need with each @mention of a service written as the service;
/// borrowed when it has none.
pub fn service_mentions(need: &str) -> Cow<'_, str> {
    if !need.contains('@') {
        return Cow::Borrowed(need);
    }
    words_read_as(need, |word| {
        let short = word.strip_prefix('@')?;
        SERVICE_MENTIONS
            .iter()
            .find(|(s, _)| short.eq_ignore_ascii_case(s))
            .map(|(_, service)| *service)
    })
}

#[cfg(test)]
mod tests {
    use super::service_mentions;

    #[test]
    fn a_mention_of_a_service_reads_as_the_service() {
        for (need, want) in [
            (
                "#finance @sheets: add Dec electricity bill, 84.10",
                "#finance Google Sheets: add Dec electricity bill, 84.10",
            ),
            (
                "@monday #hiring: move Carla's card",
                "monday.com #hiring: move Carla's card",
            ),
            ("@Drive, share the deck", "Google Drive, share the deck"),
            ("tell @teams\tthe news", "tell Microsoft Teams\tthe news"),
        ] {
            assert_eq!(service_mentions(need), want, "{need}");
        }
    }

    #[test]
    fn handles_and_words_stay() {
        for need in [
            "tell @maria the build is green",
            "ping @dev-oncall",
            "the drive to Austin on Monday",
            "mail ana@sheets.example",
            "@drives",
            "@",
            "",
        ] {
            assert_eq!(service_mentions(need), need, "{need}");
        }
    }
}
