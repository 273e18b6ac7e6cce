//! `hivegate eval retrieval`: every ranker side by side on a dataset's
//! reported split.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use clap::{Subcommand, ValueEnum};
use hivegate_catalog::retrieval::Ranker;
use hivegate_catalog::retrieval::bm25::Bm25;
use hivegate_catalog::retrieval::eval::{Dataset, evaluate};
use hivegate_catalog::retrieval::keyword::KeywordRanker;
use serde_json::json;

use crate::UserError;

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
    /// nDCG@10, Recall@5 and Hit@1 for each ranker on the `test` split.
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
}

pub fn run(cmd: EvalCommand) -> Result<()> {
    let EvalCommand::Retrieval {
        dataset,
        data,
        split,
        json,
    } = cmd;
    let path = data.join(dataset.file());
    let text = std::fs::read_to_string(&path)
        .map_err(|e| UserError::new(format!("cannot read {}: {e}", path.display())))?;
    let d = Dataset::from_json(&text)
        .map_err(|e| UserError::new(format!("{}: {e}", path.display())))?;
    let rankers: Vec<Box<dyn Ranker>> = vec![
        Box::new(KeywordRanker::new(&d.docs)),
        Box::new(Bm25::new(&d.docs)),
    ];
    let mut rows = Vec::new();
    for r in &rankers {
        let t = Instant::now();
        let m = evaluate(r.as_ref(), &d, &split).map_err(|e| UserError::new(e.to_string()))?;
        rows.push((r.name(), m, t.elapsed()));
    }
    if json {
        let out: Vec<_> = rows
            .iter()
            .map(|(n, m, t)| json!({"ranker": n, "ndcgAt10": m.ndcg_at_10, "recallAt5": m.recall_at_5, "hitAt1": m.hit_at_1, "queries": m.queries, "ms": t.as_millis()}))
            .collect();
        println!(
            "{}",
            json!({"dataset": d.name, "source": d.source, "split": split, "docs": d.docs.len(), "rankers": out})
        );
    } else {
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
        for (n, m, t) in rows {
            println!(
                "{n:<10} {:>8.3} {:>9.3} {:>7.3} {:>8} {:>8}",
                m.ndcg_at_10,
                m.recall_at_5,
                m.hit_at_1,
                m.queries,
                t.as_millis()
            );
        }
    }
    Ok(())
}
