//! Services named by an @mention, read as the service: "#finance @sheets:
//! add the electricity bill", "@monday #hiring: move Carla's card". A chat
//! or a tracker mentions a service's bot by a short name that alone names
//! nothing ("sheets", "drive") or something else ("Monday", a weekday).
//! A person's handle (`@maria`) stays as written: only the short names
//! below are read. Services whose short name is their name (`@jira`,
//! `@slack`) need nothing here.

use std::borrow::Cow;

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
    let mut out = String::with_capacity(need.len() + 16);
    let mut changed = false;
    for piece in need.split_inclusive(char::is_whitespace) {
        let word = piece.trim_end();
        let name = word.trim_end_matches(|c: char| ",;:!?.)".contains(c));
        let service = name.strip_prefix('@').and_then(|short| {
            SERVICE_MENTIONS
                .iter()
                .find(|(s, _)| short.eq_ignore_ascii_case(s))
                .map(|(_, service)| *service)
        });
        match service {
            Some(service) => {
                out.push_str(service);
                out.push_str(&piece[name.len()..]);
                changed = true;
            }
            None => out.push_str(piece),
        }
    }
    if changed {
        Cow::Owned(out)
    } else {
        Cow::Borrowed(need)
    }
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
