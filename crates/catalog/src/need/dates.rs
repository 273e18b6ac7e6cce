//! Days named as dates ("next Monday", "the 3rd"), left out of the
//! words a need is ranked by.

use std::borrow::Cow;

use super::{MONTHS, WEEKDAYS};

/// Words before a day that make it a date: "next monday", "due friday",
/// "first thing monday".
const DATE_LEADS: &[&str] = &[
    "on", "next", "this", "every", "each", "by", "for", "until", "till", "last", "coming", "due",
    "before", "after", "since", "thing",
];

/// Words that name a day relative to today (or, with `'s`, its things).
const RELATIVE_DAYS: &[&str] = &["tomorrow", "tonight"];

/// A word without a possessive `'s` (straight or curly), and whether it
/// had one: "Monday's" → ("monday", true).
pub(super) fn possessive(word: &str) -> (&str, bool) {
    ["'s", "\u{2019}s"]
        .iter()
        .find_map(|s| word.strip_suffix(s))
        .map_or((word, false), |w| (w, true))
}

/// Words after a day that make it a date: "monday 9am", "friday afternoon".
const DATE_TAILS: &[&str] = &[
    "at",
    "morning",
    "afternoon",
    "evening",
    "night",
    "noon",
    "eod",
    "am",
    "pm",
];

/// The need without the days it names as dates, and whether there were
/// any: "add it to the calendar for monday 9am" needs a calendar, not
/// monday.com, so the day gives way to a "(date)" hint. A day that is not
/// a date ("our monday board") stays; a day of the month ("the 14th") or a
/// day named from today ("tomorrow", "next week") only adds the hint.
pub(super) fn without_dates(need: &str) -> (Cow<'_, str>, bool) {
    let words: Vec<&str> = need.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let is_time = |w: &str| {
        let w = bare(w);
        DATE_TAILS.contains(&w.as_str()) || w.starts_with(|c: char| c.is_ascii_digit())
    };
    let is_date = |i: usize| {
        let word = bare(words[i]);
        let (day, owned) = possessive(&word);
        // "Monday's planning" is that day's, as "tomorrow's" is; "open on
        // Mondays" names the day, never monday.com.
        let plural = day.strip_suffix('s').is_some_and(|d| WEEKDAYS.contains(&d));
        plural
            || (WEEKDAYS.contains(&day)
                && (owned
                    || i.checked_sub(1)
                        .is_some_and(|p| DATE_LEADS.contains(&bare(words[p]).as_str()))
                    || words.get(i + 1).is_some_and(|n| is_time(n))))
    };
    // "the 14th", "June 3", "tomorrow", "next week": dated, and nothing
    // to take out.
    let dates_in_place = |i: usize| {
        let w = bare(words[i]);
        is_ordinal_day(&w)
            || RELATIVE_DAYS.contains(&possessive(&w).0)
            || ["next", "this"].contains(&w.as_str())
                && words
                    .get(i + 1)
                    .is_some_and(|n| ["week", "month"].contains(&bare(n).as_str()))
            || MONTHS.contains(&w.as_str())
                && [i.wrapping_sub(1), i + 1]
                    .iter()
                    .any(|&j| words.get(j).is_some_and(|n| is_day_number(&bare(n))))
    };
    let dates: Vec<bool> = (0..words.len()).map(is_date).collect();
    if !dates.contains(&true) {
        return (Cow::Borrowed(need), (0..words.len()).any(dates_in_place));
    }
    let kept: Vec<&str> = words
        .iter()
        .zip(&dates)
        .filter(|(_, date)| !**date)
        .map(|(w, _)| *w)
        .collect();
    (Cow::Owned(kept.join(" ")), true)
}

/// "3pm", "10:30", "9.15am": a time of day, as a clock says it (a bare
/// number is not one).
pub(super) fn is_time_of_day(w: &str) -> bool {
    let w = w.to_ascii_lowercase();
    let suffixed = w.strip_suffix("am").or_else(|| w.strip_suffix("pm"));
    let clock = suffixed.unwrap_or(&w);
    let (hour, minutes) = match clock.split_once([':', '.']) {
        Some((h, m)) => (h, Some(m)),
        None => (clock, None),
    };
    let digits = |s: &str, n: std::ops::RangeInclusive<usize>| {
        n.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
    };
    digits(hour, 1..=2)
        && minutes.is_none_or(|m| digits(m, 2..=2))
        && (suffixed.is_some() || minutes.is_some())
}

/// "14th", "1st", "22nd": a day of the month.
fn is_ordinal_day(w: &str) -> bool {
    ["st", "nd", "rd", "th"]
        .iter()
        .any(|s| w.strip_suffix(s).is_some_and(is_day_number))
}

/// 1 to 31, the days a month can have ("june 3", "3 june").
fn is_day_number(w: &str) -> bool {
    w.len() <= 2 && w.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d))
}

#[cfg(test)]
mod tests {
    use crate::need::hints_of;

    #[test]
    fn days_named_as_dates_are_left_out() {
        for (need, want) in [
            (
                "add the kickoff to everyone's calendar for monday 9am",
                "add the kickoff to everyone's calendar for 9am (date)",
            ),
            ("a task due next Monday.", "a task due next (date)"),
            ("mail since Monday?", "mail since (date)"),
            (
                "first thing Monday, a meeting with the new hires",
                "first thing a meeting with the new hires (date)",
            ),
            ("sync every Monday at 10", "sync every at 10 (date)"),
            ("am I free friday afternoon", "am I free afternoon (date)"),
            ("src/a.rs by friday", "src/a.rs by (file, date)"),
            ("the dentist on the 14th", "the dentist on the 14th (date)"),
            ("lunch on June 3, noon", "lunch on June 3, noon (date)"),
            ("due 1 march", "due 1 march (date)"),
            (
                "move my 1:1 to next week",
                "move my 1:1 to next week (date, meeting)",
            ),
            (
                "cancel Tomorrow's standup",
                "cancel Tomorrow's standup (date)",
            ),
            ("tonight\u{2019}s plan", "tonight\u{2019}s plan (date)"),
            ("drinks tonight?", "drinks tonight? (date)"),
            (
                "share the agenda for Monday's planning",
                "share the agenda for planning (date)",
            ),
            ("Friday\u{2019}s demo", "demo (date)"),
            // A weekday's plural is always the day.
            ("open on Mondays", "open on (date)"),
            ("I double-book Thursdays", "I double-book (date)"),
        ] {
            assert_eq!(hints_of(need), want, "{need}");
        }
        for need in [
            "create a task in monday for the launch",
            "mark the monday item as done",
            "add an item to our monday board",
            "monday",
            "",
            "the 40th run",
            "we may need 2 of them",
            "in 3 steps",
            "the next weekday run",
            "this month's invoices are in the month folder",
        ] {
            assert_eq!(hints_of(need), need, "{need}");
        }
    }
}
