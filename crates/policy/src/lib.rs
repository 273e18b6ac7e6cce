//! hivegate's policy core: pure, synchronous decisions with no IO.
//!
//! - [`trust`]: provenance and permission risk of a capability (seed §5).
//! - [`permissions`]: the static allow/deny tool filter (seed §6).
//! - [`confirmation`]: whether a call needs a human click, per autonomy
//!   level, and the critical list that always asks (seed §7).
//! - [`shell`]: what a `bash` command line does, from a parse.
//! - [`tier`]: subscription tiers and their capabilities (seed §10).
//! - [`loop_guard`]: the tiered loop breaker (seed 001 #9).
//! - [`rules`]: operator rule files that test their own examples.
//! - [`decide`](mod@decide): one decision for one call, combining all of the above.
//! - [`canonical`]: RFC 8785 canonical JSON, for binding and hashing.
//!
//! Time is always passed in (milliseconds since the epoch), never read.

pub mod annotations;
pub mod canonical;
pub mod confirmation;
pub mod decide;
pub mod glob;
pub mod loop_guard;
pub mod permissions;
pub mod rules;
pub mod shell;
pub mod tier;
pub mod trust;

pub use confirmation::{ApprovalClass, AutonomyLevel, AutonomyOverride};
pub use decide::{Decision, DecisionContext, Verdict, decide};
