//! Loading a rule file never panics; a loaded file's rules decide any call.
#![no_main]

use hivegate_policy::rules::RuleSet;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(rules) = RuleSet::from_toml_str(text) {
        let _ = rules.evaluate("bash", &serde_json::json!({"command": text}));
        let _ = rules.evaluate(text, &serde_json::json!({}));
    }
});
