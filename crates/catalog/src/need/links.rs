//! Links into a service, read as the service. "close
//! `https://acme.atlassian.net/browse/OPS-1182`" asks Jira; "add this
//! week's numbers to `https://docs.google.com/spreadsheets/d/…`" asks
//! Google Sheets. Neither address says the service's name, and a web address
//! alone reads as a page to fetch. A link whose host (and, where one host
//! serves several, whose path) belongs to one of our connectors' services
//! is written as that service's name and the kind of thing it points at,
//! for ranking only. Hosts that already spell the name (`trello.com`,
//! `linear.app`) are left to it.

use std::borrow::Cow;

/// A service's links: a host (itself or any subdomain of it), a path
/// prefix ("" for any), and the words they are read as.
const SERVICE_LINKS: &[(&str, &str, &str)] = &[
    ("atlassian.net", "/wiki", "Confluence page"),
    ("atlassian.net", "", "Jira issue"),
    ("teams.microsoft.com", "", "Microsoft Teams channel"),
    ("monday.com", "", "monday.com board item"),
    ("force.com", "", "Salesforce record"),
    ("salesforce.com", "", "Salesforce record"),
    (
        "docs.google.com",
        "/spreadsheets",
        "Google Sheets spreadsheet",
    ),
    ("docs.google.com", "/document", "Google Docs document"),
    ("drive.google.com", "", "Google Drive file"),
    ("calendar.google.com", "", "Google Calendar event"),
    ("mail.google.com", "", "Gmail email"),
    ("1drv.ms", "", "OneDrive file"),
    ("onedrive.live.com", "", "OneDrive file"),
    ("outlook.office.com", "", "Outlook item"),
    ("outlook.office365.com", "", "Outlook item"),
    ("outlook.live.com", "", "Outlook item"),
];

/// The need with each link into a known service written as the service
/// (see the module doc); borrowed when it has none.
pub fn service_links(need: &str) -> Cow<'_, str> {
    if !need.contains("://") {
        return Cow::Borrowed(need);
    }
    words_read_as(need, service_of)
}

/// The need with each word that `read` reads (without the punctuation
/// around it: "(see https://…)." keeps its brackets and stop) written as
/// what it reads; borrowed when it reads none.
pub(super) fn words_read_as(
    need: &str,
    read: impl Fn(&str) -> Option<&'static str>,
) -> Cow<'_, str> {
    let mut out = String::with_capacity(need.len());
    let mut changed = false;
    for piece in need.split_inclusive(char::is_whitespace) {
        let word = piece.trim_end();
        let core = word.trim_end_matches([',', '.', ';', ':', '!', '?', ')', ']', '>', '"', '\'']);
        let lead = core.len() - core.trim_start_matches(['(', '[', '<', '"', '\'']).len();
        match read(&core[lead..]) {
            Some(read) => {
                out.push_str(&core[..lead]);
                out.push_str(read);
                out.push_str(&piece[core.len()..]);
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

/// The words a link into a known service is read as.
fn service_of(url: &str) -> Option<&'static str> {
    let lower = url.to_ascii_lowercase();
    let rest = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))?;
    let (host, path) = rest.split_at(rest.find(['/', '?', '#']).unwrap_or(rest.len()));
    // A user name or a port is no part of the service's host.
    let host = host.rsplit('@').next().unwrap_or(host);
    let host = host.split(':').next().unwrap_or(host);
    SERVICE_LINKS
        .iter()
        .find(|(h, prefix, _)| {
            (host == *h || host.strip_suffix(h).is_some_and(|s| s.ends_with('.')))
                && path.starts_with(prefix)
        })
        .map(|(_, _, words)| *words)
}

#[cfg(test)]
mod tests {
    use super::service_links;

    #[test]
    fn a_link_into_a_service_reads_as_the_service() {
        for (need, want) in [
            (
                "close https://acme.atlassian.net/browse/OPS-1182, it's fixed",
                "close Jira issue, it's fixed",
            ),
            (
                "comment on https://acme.atlassian.net/wiki/spaces/ENG/pages/1 please",
                "comment on Confluence page please",
            ),
            (
                "add numbers to https://docs.google.com/spreadsheets/d/1KpI9/edit#gid=0",
                "add numbers to Google Sheets spreadsheet",
            ),
            (
                "(see https://drive.google.com/file/d/1AbC/view).",
                "(see Google Drive file).",
            ),
            (
                "reply to https://mail.google.com/mail/u/0/#inbox/FMf",
                "reply to Gmail email",
            ),
            (
                "archive https://ACME.monday.com/boards/7788",
                "archive monday.com board item",
            ),
        ] {
            assert_eq!(service_links(need), want, "{need}");
        }
    }

    #[test]
    fn other_links_and_look_alikes_stay() {
        for need in [
            "fetch https://example.com/atlassian.net/browse/X",
            "read https://notatlassian.net/browse/X",
            "open https://docs.google.com.evil.test/spreadsheets/d/1",
            "move https://trello.com/c/Ab12 to Done",
            "what is atlassian.net",
            "ftp://acme.atlassian.net/browse/X",
            "https://",
            "",
        ] {
            assert_eq!(service_links(need), need, "{need}");
        }
    }
}
