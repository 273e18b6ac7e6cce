//! The capability model and discovery. So far: the rankers that turn a
//! need into ranked documents ([`retrieval`]), and their evaluation on the
//! public sets in `shared/eval/retrieval`.
//!
//! Architecture invariant: pure logic; callers load data and pass it in.

pub mod retrieval;
