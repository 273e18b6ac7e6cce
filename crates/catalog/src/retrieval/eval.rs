//! Retrieval quality on the canonical sets of `shared/eval/retrieval`:
//! `{"name", "source", "docs": [{"id", "text"}], "queries": [{"id", "text",
//! "gold", "split"}]}`.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Doc, Ranker, top_k};

#[derive(Debug, Clone, Deserialize)]
pub struct Query {
    pub id: String,
    pub text: String,
    pub gold: Vec<String>,
    pub split: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Dataset {
    pub name: String,
    pub source: String,
    pub docs: Vec<Doc>,
    pub queries: Vec<Query>,
}

#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    #[error("not a retrieval dataset: {0}")]
    Shape(#[from] serde_json::Error),
    #[error("query {query}: gold document `{gold}` is not in the corpus")]
    UnknownGold { query: String, gold: String },
    #[error("the dataset has no documents")]
    Empty,
}

impl Dataset {
    pub fn from_json(text: &str) -> Result<Dataset, DatasetError> {
        let d: Dataset = serde_json::from_str(text)?;
        if d.docs.is_empty() {
            return Err(DatasetError::Empty);
        }
        Ok(d)
    }

    /// Each document's server, when the documents are servers' tools: every
    /// id is `server/tool` (the server is what comes before the last `/`).
    /// None for a corpus of whole tools or servers.
    pub fn servers(&self) -> Option<Vec<usize>> {
        let names = self
            .docs
            .iter()
            .map(|d| {
                d.id.rsplit_once('/')
                    .filter(|(server, tool)| !server.is_empty() && !tool.is_empty())
                    .map(|(server, _)| server)
            })
            .collect::<Option<Vec<&str>>>()?;
        Some(super::hybrid::server_indices(names))
    }

    /// The queries of one split.
    pub fn split<'a>(&'a self, split: &'a str) -> impl Iterator<Item = &'a Query> + 'a {
        self.queries.iter().filter(move |q| q.split == split)
    }
}

/// The figures for one ranker on one split.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Metrics {
    pub ndcg_at_10: f64,
    pub recall_at_5: f64,
    pub hit_at_1: f64,
    pub queries: usize,
}

/// nDCG@k with binary relevance.
pub fn ndcg_at(ranked: &[usize], gold: &[usize], k: usize) -> f64 {
    let dcg: f64 = ranked
        .iter()
        .take(k)
        .enumerate()
        .filter(|(_, d)| gold.contains(d))
        .map(|(i, _)| 1.0 / ((i + 2) as f64).log2())
        .sum();
    let ideal: f64 = (0..gold.len().min(k))
        .map(|i| 1.0 / ((i + 2) as f64).log2())
        .sum();
    if ideal == 0.0 { 0.0 } else { dcg / ideal }
}

/// Scores `ranker` on the queries of `split`.
pub fn evaluate(ranker: &dyn Ranker, data: &Dataset, split: &str) -> Result<Metrics, DatasetError> {
    let index: HashMap<&str, usize> = data
        .docs
        .iter()
        .enumerate()
        .map(|(i, d)| (d.id.as_str(), i))
        .collect();
    let (mut ndcg, mut recall, mut hit, mut n) = (0.0, 0.0, 0.0, 0usize);
    for q in data.split(split) {
        let gold: Vec<usize> = q
            .gold
            .iter()
            .map(|g| {
                index
                    .get(g.as_str())
                    .copied()
                    .ok_or_else(|| DatasetError::UnknownGold {
                        query: q.id.clone(),
                        gold: g.clone(),
                    })
            })
            .collect::<Result<_, _>>()?;
        if gold.is_empty() {
            continue;
        }
        let ranked = top_k(&ranker.scores(&q.text), 10);
        ndcg += ndcg_at(&ranked, &gold, 10);
        recall +=
            ranked.iter().take(5).filter(|d| gold.contains(d)).count() as f64 / gold.len() as f64;
        hit += f64::from(u8::from(ranked.first().is_some_and(|d| gold.contains(d))));
        n += 1;
    }
    let avg = |x: f64| if n == 0 { 0.0 } else { x / n as f64 };
    Ok(Metrics {
        ndcg_at_10: avg(ndcg),
        recall_at_5: avg(recall),
        hit_at_1: avg(hit),
        queries: n,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ndcg_is_one_for_a_perfect_ranking_and_lower_otherwise() {
        assert!((ndcg_at(&[3, 1, 2], &[3], 10) - 1.0).abs() < 1e-12);
        assert!((ndcg_at(&[1, 3], &[3], 10) - 1.0 / 3f64.log2()).abs() < 1e-12);
        assert_eq!(ndcg_at(&[1, 2], &[9], 10), 0.0);
        assert!((ndcg_at(&[5, 6], &[5, 6], 10) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn unknown_gold_is_an_error() {
        let d = Dataset::from_json(
            r#"{"name":"t","source":"s","docs":[{"id":"a","text":"alpha"}],
            "queries":[{"id":"q","text":"alpha","gold":["b"],"split":"test"}]}"#,
        )
        .unwrap();
        let r = crate::retrieval::bm25::Bm25::new(&d.docs);
        assert!(matches!(
            evaluate(&r, &d, "test"),
            Err(DatasetError::UnknownGold { .. })
        ));
        assert!(Dataset::from_json("{}").is_err());
    }

    #[test]
    fn servers_come_from_ids_only_when_every_id_is_server_slash_tool() {
        let with = |ids: &[&str]| {
            let docs: Vec<String> = ids
                .iter()
                .map(|i| format!(r#"{{"id":{i:?},"text":"t"}}"#))
                .collect();
            Dataset::from_json(&format!(
                r#"{{"name":"t","source":"s","docs":[{}],"queries":[]}}"#,
                docs.join(",")
            ))
            .unwrap()
            .servers()
        };
        assert_eq!(
            with(&[
                "Maps MCP/geocode",
                "Trends/rank",
                "Maps MCP/parking",
                "@a/b/c"
            ]),
            Some(vec![0, 1, 0, 2]),
            "the server is what comes before the last slash"
        );
        assert_eq!(with(&["Maps/geocode", "ResearchHelper"]), None);
        assert_eq!(with(&["Maps/geocode", "/geocode"]), None);
        assert_eq!(with(&["Maps/geocode", "Maps/"]), None);
    }
}
