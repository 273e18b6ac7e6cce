//! Rankers over a small corpus of capability descriptions, and the metrics
//! that say how good they are.
//!
//! - [`keyword`]: the seed's `scoreMatch` (§3.2), kept as the baseline.
//! - [`bm25`]: Okapi BM25 (k1 1.2, b 0.75).
//! - [`embedding`]: cosine similarity of sentence embeddings.
//! - [`fusion`]: z-normalised scores added with weights fitted on `train`.
//! - [`plain`]: paths and URLs in a query written as what they are.
//! - [`hybrid`]: keyword + BM25 + embeddings with pseudo-relevance feedback,
//!   and each of a task's [`clauses`] ranked on its own.
//! - [`eval`]: nDCG@10, Recall@5 and Hit@1 on a dataset's reported split.

pub mod bm25;
pub mod clauses;
pub mod embedding;
pub mod eval;
pub mod fusion;
pub mod hybrid;
pub mod keyword;
pub mod plain;
pub mod spelling;
pub mod tokenize;

/// A document to rank: an id (a tool or server name) and its text.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub struct Doc {
    pub id: String,
    pub text: String,
}

impl Doc {
    /// A document from its id and text.
    pub fn new(id: impl Into<String>, text: impl Into<String>) -> Doc {
        Doc {
            id: id.into(),
            text: text.into(),
        }
    }
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
    lazily_sorted((0..scores.len()).collect(), order)
        .take(k)
        .collect()
}

/// `items` in `order`, sorted a chunk at a time: the head is selected
/// (linear time) and sorted, and only a caller that walks past it pays for
/// the next chunk, each twice the size of the last.
pub fn lazily_sorted<F>(mut items: Vec<usize>, order: F) -> impl Iterator<Item = usize>
where
    F: Fn(&usize, &usize) -> std::cmp::Ordering,
{
    let mut chunk = 16;
    // The current chunk, worst first, so `pop` yields the best.
    let mut head: Vec<usize> = Vec::new();
    std::iter::from_fn(move || {
        if head.is_empty() && !items.is_empty() {
            let k = chunk.min(items.len());
            if k < items.len() {
                items.select_nth_unstable_by(k - 1, &order);
            }
            let rest = items.split_off(k);
            head = std::mem::replace(&mut items, rest);
            head.sort_by(|a, b| order(b, a));
            chunk *= 2;
        }
        head.pop()
    })
}

#[cfg(test)]
mod tests {
    use super::{lazily_sorted, top_k};

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

    #[test]
    fn lazily_sorted_walks_the_full_order() {
        // Many ties, and sizes around every chunk boundary.
        for n in [0, 1, 15, 16, 17, 47, 48, 49, 200, 1000] {
            let score: Vec<u32> = (0..n).map(|i| (i * 7919 % 13) as u32).collect();
            let order = |a: &usize, b: &usize| score[*b].cmp(&score[*a]).then(a.cmp(b));
            let mut full: Vec<usize> = (0..n).collect();
            full.sort_by(order);
            let lazy: Vec<usize> = lazily_sorted((0..n).collect(), order).collect();
            assert_eq!(lazy, full, "n {n}");
            let head: Vec<usize> = lazily_sorted((0..n).collect(), order).take(5).collect();
            assert_eq!(head, full[..n.min(5)], "n {n}");
        }
    }
}
