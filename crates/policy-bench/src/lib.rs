//! Holds `benches/decide.rs` only: `cargo bench -p hivegate-policy-bench`.
