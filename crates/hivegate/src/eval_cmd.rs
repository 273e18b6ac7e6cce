//! `hivegate eval retrieval`: every ranker side by side on a dataset's
//! reported split; `hivegate eval fit`: the hybrid's knobs, fitted on
//! MetaTool's `train` split.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use anyhow::Result;
use clap::{Subcommand, ValueEnum};
use hivegate_catalog::retrieval::Ranker;
use hivegate_catalog::retrieval::bm25::Bm25;
use hivegate_catalog::retrieval::embedding::EmbeddingRanker;
use hivegate_catalog::retrieval::eval::{Dataset, Metrics, evaluate};
use hivegate_catalog::retrieval::fusion::Rrf;
use hivegate_catalog::retrieval::hybrid::{
    FIT_TOLERANCE, FusionParams, Hybrid, fit, mean_ndcg, training_samples,
};
use hivegate_catalog::retrieval::keyword::KeywordRanker;
use hivegate_catalog::retrieval::plain::rewritten;
use hivegate_embed::select::{model_dir, select};
use hivegate_embed::{EmbedError, Embedder, ProviderKind, ProviderStatus};
use serde_json::json;

use crate::UserError;
use crate::discover_cmd::progress;
use crate::home::Home;

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum DatasetName {
    Metatool,
    McpBench,
    Livemcpbench,
}

impl DatasetName {
    fn file(self) -> &'static str {
        match self {
            DatasetName::Metatool => "metatool.json",
            DatasetName::McpBench => "mcp-bench.json",
            DatasetName::Livemcpbench => "livemcpbench.json",
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum EvalCommand {
    /// nDCG@10, Recall@5 and Hit@1 for the keyword, bm25, embedding and
    /// hybrid rankers on the `test` split.
    Retrieval {
        #[arg(long, value_enum)]
        dataset: DatasetName,
        /// The folder holding the canonical sets (shared/eval/retrieval).
        #[arg(long, value_name = "DIR")]
        data: PathBuf,
        #[arg(long, default_value = "test")]
        split: String,
        #[arg(long)]
        json: bool,
    },
    /// Fit the hybrid's weights on MetaTool `train` and print them.
    Fit {
        #[arg(long, value_name = "DIR")]
        data: PathBuf,
        /// Fit on N `train` queries spread over the split (default: all
        /// 16,699; about 3 to 5 minutes on 2 cores).
        #[arg(long)]
        queries: Option<usize>,
        #[arg(long)]
        json: bool,
    },
}

fn load(data: &Path, name: DatasetName) -> Result<Dataset> {
    let path = data.join(name.file());
    let text = std::fs::read_to_string(&path)
        .map_err(|e| UserError::new(format!("cannot read {}: {e}", path.display())))?;
    Ok(
        Dataset::from_json(&text)
            .map_err(|e| UserError::new(format!("{}: {e}", path.display())))?,
    )
}

/// The local model, or why not.
fn local_embedder() -> Result<Arc<dyn Embedder>, String> {
    let home = Home::resolve(None).map_err(|e| e.to_string())?;
    let sel = select(
        ProviderKind::Local,
        &model_dir(&home.dir),
        &Default::default(),
    );
    sel.embedder
        .ok_or_else(|| sel.status.last_error.unwrap_or_default())
}

/// Embeds the documents with a progress bar on stderr.
fn embed_docs(e: Arc<dyn Embedder>, data: &Dataset) -> Result<EmbeddingRanker> {
    let total = data.docs.len();
    let start = Instant::now();
    let r = EmbeddingRanker::new(e, &data.docs, |done| progress("documents", done, total))
        .map_err(|e| UserError::new(e.to_string()))?;
    eprintln!(
        "embedded {total} documents in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    Ok(r)
}

pub fn run(cmd: EvalCommand) -> Result<()> {
    match cmd {
        EvalCommand::Retrieval {
            dataset,
            data,
            split,
            json,
        } => retrieval(&load(&data, dataset)?, &split, json),
        EvalCommand::Fit {
            data,
            queries,
            json,
        } => fit_cmd(&load(&data, DatasetName::Metatool)?, queries, json),
    }
}

/// An embedder that remembers every vector it made: the embedding, RRF
/// and hybrid rows then share one embedding of each query, made up front
/// in batches (which use every core) rather than once per ranker.
struct Remembering {
    inner: Arc<dyn Embedder>,
    seen: Mutex<HashMap<String, Vec<f32>>>,
}

impl Embedder for Remembering {
    fn status(&self) -> ProviderStatus {
        self.inner.status()
    }

    fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let poisoned = || EmbedError::Model("the vector cache lock was poisoned".into());
        let missing: Vec<&str> = {
            let seen = self.seen.lock().map_err(|_| poisoned())?;
            texts
                .iter()
                .copied()
                .filter(|t| !seen.contains_key(*t))
                .collect()
        };
        let made = if missing.is_empty() {
            Vec::new()
        } else {
            self.inner.embed(&missing)?
        };
        let mut seen = self.seen.lock().map_err(|_| poisoned())?;
        for (t, v) in missing.into_iter().zip(made) {
            seen.insert(t.to_owned(), v);
        }
        texts
            .iter()
            .map(|t| seen.get(*t).cloned())
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| EmbedError::Model("a text came back without a vector".into()))
    }
}

/// Embeds the split's queries once, with a progress bar; the time it took
/// in milliseconds.
fn embed_queries(e: &Remembering, d: &Dataset, split: &str) -> Result<u128> {
    // The hybrid row embeds the query with its paths written plainly.
    let plain: Vec<String> = d.split(split).filter_map(|q| rewritten(&q.text)).collect();
    let texts: Vec<&str> = d
        .split(split)
        .map(|q| q.text.as_str())
        .chain(plain.iter().map(String::as_str))
        .collect();
    let start = Instant::now();
    let mut done = 0;
    for chunk in texts.chunks(64) {
        e.embed(chunk).map_err(|e| UserError::new(e.to_string()))?;
        done += chunk.len();
        progress("queries", done, texts.len());
    }
    eprintln!(
        "embedded {} queries in {:.1} s (shared by the embedding, rrf and hybrid rows)",
        texts.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(start.elapsed().as_millis())
}

fn retrieval(d: &Dataset, split: &str, json: bool) -> Result<()> {
    let keyword = KeywordRanker::new(&d.docs);
    let bm25 = Bm25::new(&d.docs);
    let mut rows: Vec<(&str, Metrics, u128)> = Vec::new();
    let mut measure = |r: &dyn Ranker| -> Result<()> {
        let t = Instant::now();
        let m = evaluate(r, d, split).map_err(|e| UserError::new(e.to_string()))?;
        rows.push((r.name(), m, t.elapsed().as_millis()));
        Ok(())
    };
    measure(&keyword)?;
    measure(&bm25)?;
    let mut query_ms = None;
    let missing = match local_embedder() {
        Ok(e) => {
            let e = Arc::new(Remembering {
                inner: e,
                seen: Mutex::default(),
            });
            let emb = embed_docs(e.clone(), d)?;
            query_ms = Some(embed_queries(&e, d, split)?);
            measure(&emb)?;
            measure(&Rrf {
                parts: vec![&bm25, &emb],
                k: 60.0,
            })?;
            let mut hybrid = Hybrid::with_embeddings(&d.docs, emb);
            if let Some(servers) = d.servers() {
                hybrid = hybrid.with_servers(servers);
            }
            measure(&hybrid)?;
            None
        }
        Err(why) => Some(why),
    };
    if json {
        let out: Vec<_> = rows
            .iter()
            .map(|(n, m, t)| json!({"ranker": n, "ndcgAt10": m.ndcg_at_10, "recallAt5": m.recall_at_5, "hitAt1": m.hit_at_1, "queries": m.queries, "ms": t}))
            .collect();
        println!(
            "{}",
            json!({"dataset": d.name, "source": d.source, "split": split, "docs": d.docs.len(),
                   "rankers": out, "fusion": FusionParams::FITTED, "queryEmbeddingMs": query_ms,
                   "embeddingUnavailable": missing})
        );
        return Ok(());
    }
    println!(
        "{} ({}), split {split}, {} docs",
        d.name,
        d.source,
        d.docs.len()
    );
    println!(
        "{:<10} {:>8} {:>9} {:>7} {:>8} {:>8}",
        "ranker", "nDCG@10", "Recall@5", "Hit@1", "queries", "ms"
    );
    for (n, m, t) in &rows {
        println!(
            "{n:<10} {:>8.3} {:>9.3} {:>7.3} {:>8} {:>8}",
            m.ndcg_at_10, m.recall_at_5, m.hit_at_1, m.queries, t
        );
    }
    if let Some(why) = missing {
        println!("embedding, hybrid: not run: {why}");
        println!("  (run `hivegate models fetch` for the local model)");
    }
    Ok(())
}

fn fit_cmd(d: &Dataset, queries: Option<usize>, json: bool) -> Result<()> {
    let e = local_embedder().map_err(|why| {
        UserError::new(format!("fitting needs the local model: {why}"))
            .with_help("run `hivegate models fetch`")
    })?;
    let emb = embed_docs(e.clone(), d)?;
    let t = Instant::now();
    let samples = training_samples(d, "train", queries.unwrap_or(usize::MAX), e.as_ref())
        .map_err(|e| UserError::new(e.to_string()))?;
    let (params, ndcg) = fit(&samples, &emb);
    // The surface is flat near its top: later changes to the rankers can
    // move the best point while the committed one scores the same.
    let committed = mean_ndcg(&samples, &emb, &FusionParams::FITTED);
    let within = committed >= ndcg - FIT_TOLERANCE;
    if json {
        println!(
            "{}",
            json!({"params": params, "trainNdcgAt10": ndcg, "queries": samples.len(), "committed": FusionParams::FITTED, "matchesCommitted": params == FusionParams::FITTED, "committedTrainNdcgAt10": committed, "committedWithinTolerance": within})
        );
    } else {
        println!(
            "fitted on {} MetaTool train queries in {:.1} s: keyword {} bm25 {} prf {} docs at {} clauses {} → train nDCG@10 {ndcg:.4}",
            samples.len(),
            t.elapsed().as_secs_f64(),
            params.keyword,
            params.bm25,
            params.prf_docs,
            params.prf_weight,
            params.clause_weight
        );
        let verdict = if params == FusionParams::FITTED {
            "the same".to_owned()
        } else if within {
            format!("different, train nDCG@10 {committed:.4}: within {FIT_TOLERANCE} of the fit")
        } else {
            format!(
                "DIFFERENT, train nDCG@10 {committed:.4}: more than {FIT_TOLERANCE} below the fit; refit"
            )
        };
        println!("committed (FusionParams::FITTED): {verdict}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    struct Counting(AtomicUsize);

    impl Embedder for Counting {
        fn status(&self) -> ProviderStatus {
            hivegate_embed::provider::HashEmbedder.status()
        }
        fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, EmbedError> {
            self.0.fetch_add(texts.len(), Ordering::SeqCst);
            Ok(texts.iter().map(|t| vec![t.len() as f32]).collect())
        }
    }

    #[test]
    fn each_text_is_embedded_once_and_answers_keep_their_order() {
        let inner = Arc::new(Counting(AtomicUsize::new(0)));
        let r = Remembering {
            inner: inner.clone(),
            seen: Mutex::default(),
        };
        assert_eq!(r.embed(&["ab", "abc"]).unwrap(), [vec![2.0], vec![3.0]]);
        assert_eq!(
            r.embed(&["abc", "a", "ab"]).unwrap(),
            [vec![3.0], vec![1.0], vec![2.0]]
        );
        assert_eq!(inner.0.load(Ordering::SeqCst), 3);
        assert!(r.embed(&[]).unwrap().is_empty());
    }
}
