//! `hivegate pick`, `hivegate route`, `hivegate marketplace import|search`:
//! discovery from the command line, over the same index the server uses.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::Result;
use clap::Subcommand;
use hivegate_catalog::native::{MAX_NATIVE_TOOLS_BYTES, NativeTools};
use hivegate_catalog::roles::ROLE_KEYWORDS;
use hivegate_catalog::router::{CapabilityRouter, connector_infos};
use hivegate_embed::ProviderKind;
use hivegate_embed::provider::RemoteConfig;
use hivegate_embed::select::{Remotes, model_dir};
use hivegate_server::discovery::{
    Built, Discovery, DiscoveryConfig, PROVIDER_KEY, pick, record_proposal,
};
use hivegate_store::marketplace::{MarketQuery, Marketplace, parse_registry};
use hivegate_store::{AnyStore, Store};
use serde_json::json;

use crate::UserError;
use crate::home::Home;
use crate::serve_cmd::{HomeArgs, runtime};

#[derive(Debug, Subcommand)]
pub enum MarketplaceCommand {
    /// Import an MCP registry list (e.g. shared/eval/mcp-registry/packages-list.json).
    Import {
        file: PathBuf,
        /// The source label stored with each package.
        #[arg(long, default_value = "mcp-registry")]
        source: String,
    },
    /// Full-text search with facets.
    Search {
        query: String,
        #[arg(long = "type")]
        types: Vec<String>,
        #[arg(long = "category")]
        categories: Vec<String>,
        #[arg(long)]
        workspace: Option<String>,
        #[arg(long, default_value_t = 10)]
        limit: u32,
    },
}

/// Remote providers from the environment: `OLLAMA_HOST` (+
/// `HIVEGATE_OLLAMA_MODEL`) and `OPENAI_BASE_URL` (+ `OPENAI_API_KEY`,
/// `HIVEGATE_OPENAI_MODEL`). Nothing remote is configured by default.
pub fn remotes_from_env() -> Remotes {
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
    Remotes {
        ollama: var("OLLAMA_HOST").map(|base_url| RemoteConfig {
            base_url,
            model: var("HIVEGATE_OLLAMA_MODEL").unwrap_or_else(|| "all-minilm".into()),
            api_key: None,
        }),
        openai: var("OPENAI_BASE_URL").map(|base_url| RemoteConfig {
            base_url,
            model: var("HIVEGATE_OPENAI_MODEL").unwrap_or_else(|| "text-embedding-3-small".into()),
            api_key: var("OPENAI_API_KEY"),
        }),
    }
}

/// Where a deployment lists its own native tools (see [`native_tools`]).
const NATIVE_TOOLS_FILE: &str = "native-tools.toml";

pub fn discovery_config(home: &Path) -> Result<DiscoveryConfig> {
    Ok(DiscoveryConfig {
        model_dir: model_dir(home),
        remotes: remotes_from_env(),
        native: native_tools(home)?,
    })
}

/// NATIVE_TOOL_HINTS, changed by `<home>/native-tools.toml` when it exists:
/// `[[tool]] name, hints` entries add a tool or replace a default's hints,
/// and `replace = true` drops the defaults. A file that does not parse, is
/// not UTF-8 or is over [`MAX_NATIVE_TOOLS_BYTES`] stops the command and
/// names the file, rather than silently ranking without the tools it meant
/// to add.
fn native_tools(home: &Path) -> Result<NativeTools> {
    let path = home.join(NATIVE_TOOLS_FILE);
    // Refused before it is read: the limit exists so a runaway file is
    // never loaded whole.
    if let Ok(meta) = std::fs::metadata(&path)
        && meta.len() > MAX_NATIVE_TOOLS_BYTES as u64
    {
        return Err(UserError::new(format!(
            "{} is {} bytes, over the {MAX_NATIVE_TOOLS_BYTES}-byte limit",
            path.display(),
            meta.len()
        ))
        .into());
    }
    let text = match std::fs::read(&path) {
        Ok(bytes) => String::from_utf8(bytes)
            .map_err(|_| UserError::new(format!("{} is not UTF-8", path.display())))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(NativeTools::default()),
        Err(e) => {
            return Err(UserError::new(format!("cannot read {}: {e}", path.display())).into());
        }
    };
    NativeTools::from_toml(&text).map_err(|e| {
        UserError::new(format!("{}: {e}", path.display()))
            .with_help("each entry is [[tool]] with name = \"...\" and hints = \"...\"")
            .into()
    })
}

/// The provider stored by `POST /api/embedding/provider` (default auto).
pub async fn configured_provider(store: &AnyStore) -> Result<ProviderKind> {
    Ok(store
        .config_get(PROVIDER_KEY)
        .await?
        .and_then(|v| ProviderKind::parse(&v))
        .unwrap_or(ProviderKind::Auto))
}

/// Progress on stderr while `what` (documents, queries) is embedded: a bar
/// redrawn in place on a terminal, a line now and then otherwise.
pub fn progress(what: &str, done: usize, total: usize) {
    if total == 0 {
        return;
    }
    let width = 30;
    let filled = done.min(total) * width / total;
    let bar = format!(
        "embedding {what} [{}{}] {done}/{total}",
        "#".repeat(filled),
        "-".repeat(width - filled)
    );
    if std::io::stderr().is_terminal() {
        eprint!("\r{bar}");
        if done >= total {
            eprintln!();
        }
    } else if done >= total || done % 512 < 64 {
        eprintln!("{bar}");
    }
}

async fn build(home: &Home, store: &AnyStore) -> Result<Built> {
    let provider = configured_provider(store).await?;
    Ok(Discovery::build(
        store,
        &discovery_config(&home.dir)?,
        provider,
        &|done, total| progress("documents", done, total),
    )
    .await?)
}

/// `hivegate pick "NEED"`.
pub fn pick_cmd(h: HomeArgs, need: String, workspace: Option<String>, repeat: usize) -> Result<()> {
    if need.trim().is_empty() {
        return Err(UserError::new("the need is empty")
            .with_help("say what you want to do: hivegate pick \"post a digest to Slack\"")
            .into());
    }
    let home = Home::resolve(h.home.as_deref())?;
    runtime()?.block_on(async {
        let gate = home.open_gate(h.database_url.as_deref()).await?;
        let store = gate.store();
        let built = std::sync::Arc::new(build(&home, store).await?);
        let mut times = Vec::new();
        let mut result = None;
        for _ in 0..repeat.max(1) {
            let t = Instant::now();
            result = Some(
                pick(
                    store.as_ref(),
                    std::sync::Arc::clone(&built),
                    &need,
                    workspace.as_deref(),
                )
                .await?,
            );
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        let Some(p) = result else { return Ok(()) };
        record_proposal(
            store.as_ref(),
            &p,
            workspace.as_deref(),
            "cli",
            hivegate_server::now_ms(),
        )
        .await?;
        let g = &p.grouped_by_kind;
        if repeat > 1 {
            times.sort_by(f64::total_cmp);
            let pct = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
            eprintln!(
                "pick over {} documents ({}): {} runs, p50 {:.2} ms, p90 {:.2} ms, max {:.2} ms",
                built.documents,
                p.ranking,
                times.len(),
                pct(0.5),
                pct(0.9),
                pct(1.0)
            );
        }
        if h.json {
            println!("{}", serde_json::to_string(&p)?);
            return Ok(());
        }
        println!("need: {}", p.need);
        if let Some(n) = &p.need_truncated {
            println!("note: {n}");
        }
        if let Some(r) = &p.need_read_as {
            println!("read as: {r}");
        }
        for (kind, c) in [
            ("connector", &g.connector),
            ("skill", &g.skill),
            ("tool", &g.tool),
            ("mcp", &g.mcp),
        ] {
            match c {
                Some(c) => println!(
                    "{kind:<10} {} ({:?}) — {}{}",
                    c.name,
                    c.availability,
                    c.match_reason,
                    c.install_action
                        .as_deref()
                        .map(|a| format!(" [{a}]"))
                        .unwrap_or_default()
                ),
                None => println!("{kind:<10} —"),
            }
        }
        if let Some(r) = &p.recommendation {
            println!(
                "recommended: {} ({})",
                r.name,
                if p.already_handled {
                    "already handled"
                } else {
                    "install"
                }
            );
        }
        println!("ranking: {}", p.ranking);
        Ok(())
    })
}

/// `hivegate route "QUERY"`: the router over what hivegate ships, with the
/// home's own native tools.
pub fn route_cmd(h: HomeArgs, query: String) -> Result<()> {
    let home = Home::resolve(h.home.as_deref())?;
    let native = native_tools(&home.dir)?;
    let json_out = h.json;
    let connectors = hivegate_catalog::connectors::ConnectorCatalog::builtin()?;
    let router = CapabilityRouter {
        tool_names: native.names().map(str::to_owned).collect(),
        skills: hivegate_catalog::skills::starter_pack()?
            .into_iter()
            .map(|s| (s.name, s.content))
            .collect(),
        plugins: Vec::new(),
        mcp_servers: Vec::new(),
        sub_agent_roles: ROLE_KEYWORDS.iter().map(|(r, _)| (*r).to_owned()).collect(),
        connectors: connector_infos(&connectors, &Default::default()),
    };
    let routes = router.resolve(&query);
    if json_out {
        println!("{}", json!({"query": query, "routes": routes}));
        return Ok(());
    }
    for r in &routes {
        println!(
            "{:<9} {:<24} {:.2} {}{}",
            format!("{:?}", r.source).to_lowercase(),
            r.name,
            r.confidence,
            if r.available {
                "available"
            } else {
                "not available"
            },
            r.suggestion
                .as_deref()
                .map(|s| format!(" — {s}"))
                .unwrap_or_default()
        );
    }
    Ok(())
}

pub fn marketplace_cmd(h: HomeArgs, cmd: MarketplaceCommand) -> Result<()> {
    let home = Home::resolve(h.home.as_deref())?;
    runtime()?.block_on(async {
        let gate = home.open_gate(h.database_url.as_deref()).await?;
        let store = gate.store();
        match cmd {
            MarketplaceCommand::Import { file, source } => {
                let bytes = std::fs::read(&file)
                    .map_err(|e| UserError::new(format!("cannot read {}: {e}", file.display())))?;
                let text = String::from_utf8(bytes)
                    .map_err(|_| UserError::new(format!("{} is not UTF-8", file.display())))?;
                let packages = parse_registry(&text, &source)
                    .map_err(|e| UserError::new(format!("{}: {e}", file.display())))?;
                let t = Instant::now();
                let n = store
                    .marketplace_import(packages, hivegate_server::now_ms())
                    .await?;
                store
                    .audit_append(
                        "marketplace_imported",
                        &json!({"file": file, "source": source, "packages": n}),
                        hivegate_server::now_ms(),
                    )
                    .await?;
                let msg = format!(
                    "imported {n} packages from {} in {} ms",
                    file.display(),
                    t.elapsed().as_millis()
                );
                if h.json {
                    println!("{}", json!({"imported": n, "file": file}));
                } else {
                    println!("{msg}");
                }
            }
            MarketplaceCommand::Search {
                query,
                types,
                categories,
                workspace,
                limit,
            } => {
                let r = store
                    .marketplace_search(&MarketQuery {
                        text: query,
                        types,
                        categories,
                        sources: Vec::new(),
                        workspace,
                        limit: limit.min(200),
                        offset: 0,
                        page_only: false,
                    })
                    .await?;
                if h.json {
                    println!("{}", serde_json::to_string(&r)?);
                } else {
                    println!(
                        "{} matches ({} installed in workspace {})",
                        r.total, r.installed_count, r.workspace
                    );
                    for p in &r.packages {
                        println!(
                            "{:.3} {} [{}] {}",
                            p.rank,
                            p.package.name,
                            p.package.category,
                            if p.installed { "installed" } else { "" }
                        );
                    }
                }
            }
        }
        Ok(())
    })
}
