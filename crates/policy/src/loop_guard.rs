//! The loop breaker (seed 001 #9): stops an agent that keeps calling the
//! same thing, or keeps failing.
//!
//! Tiers, checked in this order before a call runs:
//! - **T3 (critical)**: 8 consecutive failures of the same tool → abort the
//!   run with the give-up message;
//! - **T1**: 5 identical calls (tool + arguments) in a row, any outcome →
//!   block with a "result already returned" nudge;
//! - **T2**: 3 consecutive failures of the identical call → block;
//! - **T4**: 6 consecutive failures of the same tool, any arguments → block.
//!
//! The scans run backwards over the last [`HISTORY_CAP`] calls. A success
//! ends a failure streak (T2–T4); a different call ends an identical-call
//! streak (T1). Calls of other tools are skipped by the same-tool scans (an
//! agent alternating between a failing tool and a `read_file` is still
//! looping). [`LoopGuard::check`] is the older plain check: too many
//! identical calls within a window.

use std::collections::VecDeque;

use serde::Serialize;
use serde_json::Value;

/// Calls remembered.
pub const HISTORY_CAP: usize = 50;
/// T3: same-tool consecutive failures that abort the run.
pub const T3_SAME_TOOL_FAILURES_ABORT: usize = 8;
/// T1: identical consecutive calls, any outcome.
pub const T1_IDENTICAL_CALLS: usize = 5;
/// T2: identical consecutive failures.
pub const T2_IDENTICAL_FAILURES: usize = 3;
/// T4: same-tool consecutive failures, any arguments.
pub const T4_SAME_TOOL_FAILURES: usize = 6;

/// The user-facing message when T3 ends a run.
pub const GIVE_UP_MESSAGE: &str = "I couldn't complete this: the same tool kept failing. \
Try rephrasing the request, breaking it into smaller steps, or a different approach.";

const ALREADY_RETURNED: &str = "This exact call was already made several times and its result \
was already returned. Use that result instead of calling again.";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LoopTier {
    T1,
    T2,
    T3,
    T4,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum LoopVerdict {
    Proceed,
    /// Refuse this call; the message goes back to the model as the result.
    Block {
        tier: LoopTier,
        message: String,
    },
    /// End the run; the message goes to the user.
    Abort {
        tier: LoopTier,
        message: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct Record {
    tool: String,
    args_hash: u64,
    success: bool,
}

/// Thresholds; the defaults are the seed's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopGuardConfig {
    pub history_cap: usize,
    pub t1_identical_calls: usize,
    pub t2_identical_failures: usize,
    pub t3_same_tool_failures_abort: usize,
    pub t4_same_tool_failures: usize,
    /// Plain check: identical calls allowed within `window`.
    pub max_identical: usize,
    pub window: usize,
}

impl Default for LoopGuardConfig {
    fn default() -> Self {
        LoopGuardConfig {
            history_cap: HISTORY_CAP,
            t1_identical_calls: T1_IDENTICAL_CALLS,
            t2_identical_failures: T2_IDENTICAL_FAILURES,
            t3_same_tool_failures_abort: T3_SAME_TOOL_FAILURES_ABORT,
            t4_same_tool_failures: T4_SAME_TOOL_FAILURES,
            max_identical: 3,
            window: 10,
        }
    }
}

/// One run's call history.
#[derive(Debug, Clone, Default)]
pub struct LoopGuard {
    config: LoopGuardConfig,
    history: VecDeque<Record>,
}

/// A stable hash of a call's arguments: FNV-1a over their JSON with keys
/// sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same call.
pub fn args_hash(args: &Value) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut feed = |bytes: &[u8]| {
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    hash_value(args, &mut feed);
    h
}

fn hash_value(v: &Value, feed: &mut impl FnMut(&[u8])) {
    match v {
        Value::Null => feed(b"n"),
        Value::Bool(b) => feed(if *b { b"t" } else { b"f" }),
        Value::Number(n) => {
            feed(b"#");
            feed(n.to_string().as_bytes());
        }
        Value::String(s) => {
            feed(b"\"");
            feed(&(s.len() as u64).to_le_bytes());
            feed(s.as_bytes());
        }
        Value::Array(a) => {
            feed(b"[");
            feed(&(a.len() as u64).to_le_bytes());
            for x in a {
                hash_value(x, feed);
            }
        }
        Value::Object(o) => {
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort();
            feed(b"{");
            feed(&(keys.len() as u64).to_le_bytes());
            for k in keys {
                feed(&(k.len() as u64).to_le_bytes());
                feed(k.as_bytes());
                if let Some(x) = o.get(k) {
                    hash_value(x, feed);
                }
            }
        }
    }
}

impl LoopGuard {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_config(config: LoopGuardConfig) -> Self {
        LoopGuard {
            config,
            history: VecDeque::new(),
        }
    }

    /// Records a finished call and whether it succeeded.
    pub fn record(&mut self, tool: &str, args_hash: u64, success: bool) {
        if self.history.len() >= self.config.history_cap.max(1) {
            self.history.pop_front();
        }
        self.history.push_back(Record {
            tool: tool.to_owned(),
            args_hash,
            success,
        });
    }

    /// Forgets everything (a new run).
    pub fn reset(&mut self) {
        self.history.clear();
    }

    pub fn len(&self) -> usize {
        self.history.len()
    }

    pub fn is_empty(&self) -> bool {
        self.history.is_empty()
    }

    /// The graduated check, before running `tool` with `args_hash`.
    pub fn check_tiered(&self, tool: &str, args_hash: u64) -> LoopVerdict {
        let c = &self.config;
        let same_tool_failures = self.failure_streak(|r| r.tool == tool);
        if same_tool_failures >= c.t3_same_tool_failures_abort {
            return LoopVerdict::Abort {
                tier: LoopTier::T3,
                message: GIVE_UP_MESSAGE.to_owned(),
            };
        }
        let identical_run = self
            .history
            .iter()
            .rev()
            .take_while(|r| r.tool == tool && r.args_hash == args_hash)
            .count();
        if identical_run >= c.t1_identical_calls {
            return LoopVerdict::Block {
                tier: LoopTier::T1,
                message: ALREADY_RETURNED.to_owned(),
            };
        }
        let identical_failures =
            self.failure_streak(|r| r.tool == tool && r.args_hash == args_hash);
        if identical_failures >= c.t2_identical_failures {
            return LoopVerdict::Block {
                tier: LoopTier::T2,
                message: format!(
                    "This exact call to {tool} failed {identical_failures} times in a row. \
                     Change the arguments or try a different approach."
                ),
            };
        }
        if same_tool_failures >= c.t4_same_tool_failures {
            return LoopVerdict::Block {
                tier: LoopTier::T4,
                message: format!(
                    "{tool} failed {same_tool_failures} times in a row. \
                     Stop using it for this and try a different approach."
                ),
            };
        }
        LoopVerdict::Proceed
    }

    /// Consecutive failures among the calls `matches` selects, newest first;
    /// a success among them ends the streak.
    fn failure_streak(&self, matches: impl Fn(&Record) -> bool) -> usize {
        self.history
            .iter()
            .rev()
            .filter(|r| matches(r))
            .take_while(|r| !r.success)
            .count()
    }

    /// The plain identical-arguments check: false when this call already ran
    /// `max_identical` times within the last `window` calls.
    pub fn check(&self, tool: &str, args_hash: u64) -> bool {
        let seen = self
            .history
            .iter()
            .rev()
            .take(self.config.window)
            .filter(|r| r.tool == tool && r.args_hash == args_hash)
            .count();
        seen < self.config.max_identical
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn guard_with(calls: &[(&str, u64, bool)]) -> LoopGuard {
        let mut g = LoopGuard::new();
        for (t, h, ok) in calls {
            g.record(t, *h, *ok);
        }
        g
    }

    #[test]
    fn t1_blocks_the_sixth_identical_call_whatever_the_outcome() {
        let g = guard_with(&[("read_file", 1, true); 4]);
        assert_eq!(g.check_tiered("read_file", 1), LoopVerdict::Proceed);
        let g = guard_with(&[("read_file", 1, true); 5]);
        assert!(matches!(
            g.check_tiered("read_file", 1),
            LoopVerdict::Block {
                tier: LoopTier::T1,
                ..
            }
        ));
        // A different call resets the run.
        let mut g = g;
        g.record("read_file", 2, true);
        assert_eq!(g.check_tiered("read_file", 1), LoopVerdict::Proceed);
    }

    #[test]
    fn t2_blocks_after_three_identical_failures_and_success_resets() {
        let g = guard_with(&[("bash", 7, false); 3]);
        assert!(matches!(
            g.check_tiered("bash", 7),
            LoopVerdict::Block {
                tier: LoopTier::T2,
                ..
            }
        ));
        assert_eq!(g.check_tiered("bash", 8), LoopVerdict::Proceed);
        let mut g = g;
        g.record("bash", 7, true);
        assert_eq!(g.check_tiered("bash", 7), LoopVerdict::Proceed);
    }

    #[test]
    fn t4_blocks_after_six_same_tool_failures_with_any_args() {
        let calls: Vec<(&str, u64, bool)> = (0..6).map(|i| ("bash", i, false)).collect();
        let g = guard_with(&calls);
        assert!(matches!(
            g.check_tiered("bash", 99),
            LoopVerdict::Block {
                tier: LoopTier::T4,
                ..
            }
        ));
        assert_eq!(g.check_tiered("read_file", 99), LoopVerdict::Proceed);
    }

    #[test]
    fn t3_aborts_after_eight_same_tool_failures_even_between_other_tools() {
        let mut g = LoopGuard::new();
        for i in 0..8 {
            g.record("bash", i, false);
            g.record("read_file", 0, true);
        }
        match g.check_tiered("bash", 100) {
            LoopVerdict::Abort {
                tier: LoopTier::T3,
                message,
            } => assert_eq!(message, GIVE_UP_MESSAGE),
            other => panic!("expected abort, got {other:?}"),
        }
        g.record("bash", 5, true);
        assert_eq!(g.check_tiered("bash", 100), LoopVerdict::Proceed);
    }

    #[test]
    fn history_is_capped_at_fifty() {
        let mut g = LoopGuard::new();
        for i in 0..120 {
            g.record("t", i, true);
        }
        assert_eq!(g.len(), HISTORY_CAP);
        g.reset();
        assert!(g.is_empty());
    }

    #[test]
    fn plain_check_counts_identical_calls_in_the_window() {
        let g = guard_with(&[("t", 1, true), ("t", 2, true), ("t", 1, true)]);
        assert!(g.check("t", 1));
        let g = guard_with(&[("t", 1, true), ("t", 1, true), ("t", 1, true)]);
        assert!(!g.check("t", 1));
    }

    #[test]
    fn args_hash_ignores_key_order_but_not_values() {
        assert_eq!(
            args_hash(&json!({"a": 1, "b": [1, "x"]})),
            args_hash(&json!({"b": [1, "x"], "a": 1}))
        );
        assert_ne!(args_hash(&json!({"a": 1})), args_hash(&json!({"a": 2})));
        assert_ne!(
            args_hash(&json!(["ab", "c"])),
            args_hash(&json!(["a", "bc"]))
        );
    }
}
