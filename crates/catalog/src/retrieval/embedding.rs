//! Cosine similarity between a query's embedding and each document's.

use std::sync::Arc;

use hivegate_embed::{EmbedError, Embedder, cosine, normalize};

use super::{Doc, Ranker};

/// Documents embedded once; each query embedded on demand.
pub struct EmbeddingRanker {
    embedder: Arc<dyn Embedder>,
    docs: Vec<Vec<f32>>,
}

impl EmbeddingRanker {
    /// Embeds `docs` now (in batches, reporting progress as documents done).
    pub fn new(
        embedder: Arc<dyn Embedder>,
        docs: &[Doc],
        mut progress: impl FnMut(usize),
    ) -> Result<EmbeddingRanker, EmbedError> {
        let mut vecs = Vec::with_capacity(docs.len());
        for chunk in docs.chunks(32) {
            let texts: Vec<&str> = chunk.iter().map(|d| d.text.as_str()).collect();
            vecs.extend(embedder.embed(&texts)?);
            progress(vecs.len());
        }
        Ok(EmbeddingRanker {
            embedder,
            docs: vecs,
        })
    }

    /// From vectors computed earlier (e.g. cached in the store).
    pub fn from_vectors(embedder: Arc<dyn Embedder>, docs: Vec<Vec<f32>>) -> EmbeddingRanker {
        EmbeddingRanker { embedder, docs }
    }

    /// Whether the vectors carry meaning (false for the `hash` fallback).
    pub fn semantic(&self) -> bool {
        self.embedder.status().semantic
    }

    /// The document vectors, in corpus order.
    pub fn vectors(&self) -> &[Vec<f32>] {
        &self.docs
    }

    pub fn embed_query(&self, query: &str) -> Result<Vec<f32>, EmbedError> {
        self.embedder
            .embed(&[query])?
            .pop()
            .ok_or_else(|| EmbedError::Model("no vector for the query".into()))
    }

    pub fn try_scores(&self, query: &str) -> Result<Vec<f64>, EmbedError> {
        Ok(self.scores_for(&self.embed_query(query)?))
    }

    /// `q` moved towards the mean of the documents `top` (Rocchio
    /// pseudo-relevance feedback), back at unit length.
    pub fn feedback(&self, q: &[f32], top: &[usize], weight: f32) -> Vec<f32> {
        let mut out = q.to_vec();
        let share = weight / top.len().max(1) as f32;
        for d in top.iter().filter_map(|&i| self.docs.get(i)) {
            if d.len() == out.len() {
                out.iter_mut().zip(d).for_each(|(o, x)| *o += share * x);
            }
        }
        normalize(&mut out);
        out
    }

    /// Scores against a query vector; a document whose vector has another
    /// dimension scores as the worst possible match.
    pub fn scores_for(&self, q: &[f32]) -> Vec<f64> {
        self.docs
            .iter()
            .map(|d| cosine(q, d).map_or(-1.0, f64::from))
            .collect()
    }
}

impl Ranker for EmbeddingRanker {
    fn name(&self) -> &'static str {
        "embedding"
    }

    fn scores(&self, query: &str) -> Vec<f64> {
        self.try_scores(query).unwrap_or_else(|e| {
            tracing::warn!(error = %e, "query embedding failed");
            vec![0.0; self.docs.len()]
        })
    }
}
