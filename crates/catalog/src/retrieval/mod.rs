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
    let order = |a: &usize, b: &usize| scores[*b].total_cmp(&scores[*a]).then(a.cmp(b));
    let mut idx: Vec<usize> = (0..scores.len()).collect();
    // Selecting the first k before sorting them costs O(n), not O(n log n):
    // the ranker asks for ten of thousands on every query.
    if k == 0 {
        idx.clear();
    } else if k < idx.len() {
        idx.select_nth_unstable_by(k - 1, order);
        idx.truncate(k);
    }
    idx.sort_by(order);
    idx
}

#[cfg(test)]
mod tests {
    use super::top_k;

    #[test]
    fn top_k_is_the_head_of_the_full_order() {
        // Ties, NaN-free repeats and every k from 0 past the end.
        let scores: Vec<f64> = (0..50).map(|i| f64::from((i * 37 % 11) as u8)).collect();
        let mut full: Vec<usize> = (0..scores.len()).collect();
        full.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]).then(a.cmp(&b)));
        for k in 0..=60 {
            assert_eq!(top_k(&scores, k), full[..k.min(50)], "k {k}");
        }
        assert!(top_k(&[], 3).is_empty());
    }
}
