//! Hashtags that tag a need rather than name a channel: "#todo #home:
//! call the boiler guy, put it in my calendar", "#finance @sheets: add
//! the bill". Read as channels, they send the need to a chat service. A
//! `#word` is a tag where it stands beside another one, or where the need
//! names our entries and no chat service among them; there its `#` is
//! dropped, so that it reads as the word it is. "#general: lunch is here"
//! and "tell #ops on Slack" keep their channels.

use std::borrow::Cow;

use super::shapes::is_channel;

/// The need with its tags read as words (see the module doc).
/// `names_only_other`: the need names our entries, none of them a chat
/// service.
pub fn untagged(need: &str, names_only_other: bool) -> Cow<'_, str> {
    if !need.contains('#') {
        return Cow::Borrowed(need);
    }
    let words: Vec<&str> = need.split_whitespace().collect();
    let hashtag = |i: usize| words.get(i).is_some_and(|w| is_channel(w));
    let is_tag =
        |i: usize| hashtag(i) && (names_only_other || (i > 0 && hashtag(i - 1)) || hashtag(i + 1));
    if !(0..words.len()).any(is_tag) {
        return Cow::Borrowed(need);
    }
    let mut out = String::with_capacity(need.len());
    let mut i = 0;
    for piece in need.split_inclusive(char::is_whitespace) {
        if piece.trim().is_empty() {
            out.push_str(piece);
            continue;
        }
        out.push_str(if is_tag(i) { &piece[1..] } else { piece });
        i += 1;
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::untagged;

    #[test]
    fn hashtags_side_by_side_or_beside_another_service_are_tags() {
        for (need, names_only_other, want) in [
            (
                "#todo #home: call the boiler guy",
                false,
                "todo home: call the boiler guy",
            ),
            (
                "#translate #de: 'our office is closed'",
                false,
                "translate de: 'our office is closed'",
            ),
            (
                "#finance Google Sheets: add the bill",
                true,
                "finance Google Sheets: add the bill",
            ),
            (
                "tag every Obsidian note with #travel",
                true,
                "tag every Obsidian note with travel",
            ),
        ] {
            assert_eq!(untagged(need, names_only_other), want, "{need}");
        }
    }

    #[test]
    fn a_channel_stays_a_channel() {
        for need in [
            "#general: lunch is here",
            "tell #ops and #eng the build is green",
            "paste main.rs in #code",
            "#1 priority: fix #412",
            "C# and F#",
            "#",
            "",
        ] {
            assert_eq!(untagged(need, false), need, "{need}");
        }
        // A chat service named beside another keeps its channel: the
        // caller says so.
        assert_eq!(
            untagged("make a Jira ticket, then tell #ops on Slack", false),
            "make a Jira ticket, then tell #ops on Slack"
        );
    }
}
