//! Who relays a need. Agents pass needs on for each other: "The reviewer
//! agent needs to see what changed on this branch", "The setup agent asks
//! which connectors are configured". The agent that asks is not what is
//! asked for, but every word counts for a ranker, and "agent" counts for
//! spawning one. A need that opens with such a frame (a few words ending
//! in an agent's noun, then a verb of asking) is ranked without it.
//!
//! Only at the start, only with a verb of asking right after the noun:
//! "have the research agent look into GDPR fines" asks for an agent, and
//! so does "the agent should draft the FAQ".

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

/// The need without a leading relay frame; borrowed when it has none or
/// nothing would be left.
pub fn without_relay(need: &str) -> Cow<'_, str> {
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
    use super::without_relay;

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
    fn hostile_text_is_left_as_it_is() {
        for need in [
            "",
            "   ",
            "agent",
            "agent wants",
            "🤖 agent needs: ",
            "\u{0}agent asks",
        ] {
            assert_eq!(without_relay(need), need, "{need:?}");
        }
    }
}
