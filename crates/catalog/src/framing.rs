//! What frames a need without being asked for. Two frames:
//!
//! - Who relays it. Agents pass needs on for each other: "The reviewer
//!   agent needs to see what changed on this branch", "The setup agent
//!   asks which connectors are configured". The agent that asks is not
//!   what is asked for, but every word counts for a ranker, and "agent"
//!   counts for spawning one. A need that opens with such a frame (a few
//!   words ending in an agent's noun, then a verb of asking) is ranked
//!   without it. Only at the start, only with a verb of asking right
//!   after the noun (or the relay's name): "have the research agent look
//!   into GDPR fines" asks for an agent, and so does "the agent should
//!   draft the FAQ".
//! - The story before the point. "Long week. The release train left,
//!   someone force-pushed to a feature branch … Anyway — show me the last
//!   ten commits on main": what comes before "anyway", "anyhow", "long
//!   story short" or "it's time:" at the start of a clause is context,
//!   and the services and actions it names are not the ask.

use std::borrow::Cow;

use crate::ruled_out::words_of;

/// Nouns for whoever relays a need.
const RELAYS: &[&str] = &[
    "agent",
    "subagent",
    "bot",
    "assistant",
    "orchestrator",
    "planner",
    "coordinator",
];

/// Verbs of asking after the relay's noun.
const ASKING: &[&str] = &["wants", "needs", "asks", "requests", "would", "is"];

/// After "would" or "is": what makes it a verb of asking.
const ASKING_SECOND: &[(&str, &str)] = &[("would", "like"), ("is", "asking")];

/// The most words before the relay's noun ("the", "QA", …).
const MAX_LEAD: usize = 4;

/// Openings of a clause that return to the point after a story. "It's
/// time" counts only where its clause ends with it ("It's time: merge
/// it"), not in "it's time to go".
const TO_THE_POINT: &[&[&str]] = &[
    &["anyway"],
    &["anyhow"],
    &["long", "story", "short"],
    &["it's", "time"],
];

/// The need without its frames (see the module doc): the story before
/// the point first, then a relay's lead. Borrowed when it has neither or
/// nothing would be left.
pub fn without_frame(need: &str) -> Cow<'_, str> {
    match after_the_point(need) {
        Cow::Borrowed(_) => without_relay(need),
        Cow::Owned(point) => Cow::Owned(without_relay(&point).into_owned()),
    }
}

/// What follows the last return to the point that opens a clause after
/// another.
fn after_the_point(need: &str) -> Cow<'_, str> {
    let words = words_of(need);
    let starts = (1..words.len()).filter(|&i| words[i - 1].ends_clause);
    let point = starts
        .filter_map(|i| {
            TO_THE_POINT
                .iter()
                .find(|p| {
                    p.iter()
                        .enumerate()
                        .all(|(k, w)| words.get(i + k).is_some_and(|x| x.bare == *w))
                        && (p[0] != "it's" || words[i + p.len() - 1].ends_clause)
                })
                .map(|p| i + p.len())
        })
        .next_back();
    // The first word after it, past a dash standing alone.
    let next = point.and_then(|end| words[end..].iter().find(|w| !w.bare.is_empty()));
    match next {
        Some(next) => Cow::Owned(need[next.start..].to_owned()),
        None => Cow::Borrowed(need),
    }
}

/// The need without a leading relay frame.
fn without_relay(need: &str) -> Cow<'_, str> {
    let words = words_of(need);
    let bare = |i: usize| words.get(i).map(|w| w.bare.as_str());
    let Some(noun) = words
        .iter()
        .take(MAX_LEAD + 1)
        .position(|w| RELAYS.contains(&w.bare.as_str()))
    else {
        return Cow::Borrowed(need);
    };
    // The relay's name may stand between ("Agent 'ops-1' requests",
    // "Subagent 2 needs"), but no plain word ("an agent that needs").
    let named = words
        .get(noun + 1)
        .is_some_and(|w| is_name(&need[w.start..w.end]));
    let at = noun + 1 + usize::from(named);
    let Some(verb) = bare(at).filter(|v| ASKING.contains(v)) else {
        return Cow::Borrowed(need);
    };
    let last = match ASKING_SECOND.iter().find(|(first, _)| *first == verb) {
        Some((_, second)) if bare(at + 1) == Some(second) => at + 1,
        Some(_) => return Cow::Borrowed(need),
        None => at,
    };
    match words.get(last + 1) {
        Some(next) => Cow::Owned(need[next.start..].to_owned()),
        None => Cow::Borrowed(need),
    }
}

/// A name as written: quoted, or holding a digit or a capital.
fn is_name(word: &str) -> bool {
    word.starts_with(['\'', '"', '`', '\u{2018}', '\u{201c}'])
        || word.chars().any(|c| c.is_ascii_digit() || c.is_uppercase())
}

#[cfg(test)]
mod tests {
    use super::{without_frame, without_relay};

    #[test]
    fn a_relayed_need_is_ranked_without_who_relayed_it() {
        for (need, want) in [
            (
                "The scribe agent wants the meeting notes saved to notes/sync.md.",
                "the meeting notes saved to notes/sync.md.",
            ),
            (
                "The setup agent asks which tool connections are configured.",
                "which tool connections are configured.",
            ),
            (
                "Agent 'ops-1' requests a list of every *.pem file",
                "a list of every *.pem file",
            ),
            (
                "The calendar agent is asking you to book 45 minutes with Ravi",
                "you to book 45 minutes with Ravi",
            ),
            (
                "the sales ops bot would like the deal marked won",
                "the deal marked won",
            ),
        ] {
            assert_eq!(without_relay(need), want, "{need}");
        }
    }

    #[test]
    fn an_agent_asked_for_stays() {
        for need in [
            "have the research agent look into GDPR fines",
            "the agent should draft the FAQ",
            "spin up an agent that needs no network",
            "start a helper agent",
            "spin up an agent Maria needs",
            "The agent needs",
            "is the bot running",
            "The bot is down, restart it",
            "who is my assistant",
            "the first thing to check on the long list of things is whether the agent wants it",
        ] {
            assert_eq!(without_relay(need), need, "{need}");
        }
    }

    #[test]
    fn the_story_before_the_point_is_left_out() {
        for (need, want) in [
            (
                "Long week, two hotfixes went out. Anyway — show me the last ten commits",
                "show me the last ten commits",
            ),
            (
                "It's been reviewed on GitHub and CI is green. It's time: merge it into main.",
                "merge it into main.",
            ),
            (
                "Priya emailed, then Teams. Long story short, she wants a calendar hold",
                "she wants a calendar hold",
            ),
            (
                "Lots going on. Anyway, the reviewer agent needs the diff",
                "the diff",
            ),
        ] {
            assert_eq!(without_frame(need), want, "{need}");
        }
        for need in [
            "anyway, push it",
            "it's time to push",
            "push it anyway",
            "we're late. It's time to ship",
            "context first. Anyway",
        ] {
            assert_eq!(without_frame(need), need, "{need}");
        }
    }

    #[test]
    fn hostile_text_is_left_as_it_is() {
        for need in [
            "",
            "   ",
            "agent",
            "agent wants",
            "🤖 agent needs: ",
            "\u{0}agent asks",
            ". anyway",
            "—. anyway —",
        ] {
            assert_eq!(without_frame(need), need, "{need:?}");
        }
    }
}
