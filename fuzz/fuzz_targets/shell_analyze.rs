//! The shell analyser never panics, and what it cannot read is critical.
#![no_main]

use hivegate_policy::shell::{Effect, analyze, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let verdict = analyze(text);
    if parse(text).is_err() {
        assert_eq!(verdict.effect, Effect::Critical, "unparsable but not critical: {text:?}");
    }
    assert!(!verdict.reasons.is_empty());
});
