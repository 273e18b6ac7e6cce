//! Rankers over a small corpus of capability descriptions, and the metrics
//! that say how good they are.
//!
//! - [`keyword`]: the seed's `scoreMatch` (§3.2), kept as the baseline.
//! - [`bm25`]: Okapi BM25 (k1 1.2, b 0.75).
//! - [`embedding`]: cosine similarity of sentence embeddings.
//! - [`fusion`]: z-normalised scores added with weights fitted on `train`.
//! - [`hybrid`]: keyword + BM25 + embeddings with pseudo-relevance feedback.
//! - [`eval`]: nDCG@10, Recall@5 and Hit@1 on a dataset's reported split.

pub mod bm25;
pub mod embedding;
pub mod eval;
pub mod fusion;
pub mod hybrid;
pub mod keyword;
pub mod tokenize;

/// A document to rank: an id (a tool or server name) and its text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub struct Doc {
    pub id: String,
    pub text: String,
}

/// Anything that scores every document for a query.
pub trait Ranker {
    fn name(&self) -> &'static str;
    /// One score per document, in corpus order (higher is better).
    fn scores(&self, query: &str) -> Vec<f64>;
}

/// Document indices by descending score (ties keep corpus order), at most `k`.
pub fn top_k(scores: &[f64], k: usize) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..scores.len()).collect();
    idx.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
    idx.truncate(k);
    idx
}
