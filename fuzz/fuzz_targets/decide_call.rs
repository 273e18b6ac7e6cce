//! A decision for any tool name and any JSON arguments never panics, and a
//! critical call is never auto-passed.
#![no_main]

use hivegate_policy::{AutonomyLevel, DecisionContext, Verdict, decide};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (tool, rest) = text.split_once('\n').unwrap_or((text, "{}"));
    let Ok(args) = serde_json::from_str::<serde_json::Value>(rest) else { return };
    for level in [AutonomyLevel::Normal, AutonomyLevel::Trusted, AutonomyLevel::Yolo] {
        let d = decide(tool, &args, &DecisionContext { autonomy: level, ..Default::default() });
        assert!(!(d.critical && d.decision == Verdict::Auto), "critical auto-passed: {tool} {args}");
    }
});
