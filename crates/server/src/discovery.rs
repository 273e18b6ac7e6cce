//! Discovery state: every lane (native tools, starter skills, connectors,
//! the MCP catalog, the marketplace) indexed once for the hybrid ranker,
//! with document embeddings read from the store's cache and computed only
//! for texts it has not seen. Rebuilt when the provider changes or the
//! marketplace is imported.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, RwLock};

use hivegate_catalog::acquisition::{CandidateIndex, SearchOptions};
use hivegate_catalog::connectors::ConnectorCatalog;
use hivegate_catalog::find::catalog_docs;
use hivegate_catalog::mcp_catalog::McpCatalog;
use hivegate_catalog::native::NativeTools;
use hivegate_catalog::pick::{AgentPick, MarketplacePackage, PickSources, agent_pick, entries};
use hivegate_catalog::retrieval::Doc;
use hivegate_catalog::retrieval::embedding::{EmbeddingRanker, embedding_text};
use hivegate_catalog::retrieval::hybrid::Hybrid;
use hivegate_catalog::skills::{Skill, starter_pack};
use hivegate_embed::select::{EmbeddingStatus, Remotes, select};
use hivegate_embed::{Embedder, ProviderKind};
use hivegate_store::StoreError;
use hivegate_store::marketplace::{MarketQuery, Marketplace};
use sha2::{Digest, Sha256};

/// The config key holding the operator's provider choice.
pub const PROVIDER_KEY: &str = "embedding.provider";

#[derive(Debug, thiserror::Error)]
pub enum DiscoveryError {
    #[error("{0}")]
    Store(#[from] StoreError),
    #[error("shipped catalog data: {0}")]
    Catalog(#[from] hivegate_catalog::CatalogError),
    #[error("embedding: {0}")]
    Embed(String),
}

/// One built index and what it was built with.
pub struct Built {
    pub index: CandidateIndex,
    pub catalog: McpCatalog,
    pub catalog_ranker: Hybrid,
    pub connectors: ConnectorCatalog,
    pub starter: Vec<Skill>,
    pub native: NativeTools,
    pub status: EmbeddingStatus,
    pub documents: usize,
    /// The provider the index was embedded with (None: BM25 alone).
    pub embedder: Option<Arc<dyn Embedder>>,
}

/// Where the embedding model lives and which remote providers exist.
#[derive(Debug, Clone)]
pub struct DiscoveryConfig {
    pub model_dir: PathBuf,
    pub remotes: Remotes,
    /// The agent's own tools and their hints (NATIVE_TOOL_HINTS unless the
    /// deployment configured its own).
    pub native: NativeTools,
}

/// The live index, swapped whole on rebuild.
pub struct Discovery {
    pub config: DiscoveryConfig,
    built: RwLock<Arc<Built>>,
}

fn text_hash(text: &str) -> String {
    hex_lower(&Sha256::digest(text.as_bytes()))
}

fn hex_lower(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Vectors for `docs`: cached ones from the store, the rest embedded now
/// (and cached). `progress(done, total)` reports embedding work.
async fn vectors<S: Marketplace>(
    store: &S,
    embedder: &Arc<dyn Embedder>,
    docs: &[Doc],
    progress: &(dyn Fn(usize, usize) + Send + Sync),
) -> Result<Vec<Vec<f32>>, DiscoveryError> {
    let st = embedder.status();
    let model = format!("{}:{}", st.active_provider.as_str(), st.model_name);
    // What the model reads, not the raw text, is hashed: a change in
    // `embedding_text` then finds no stale vector in the cache.
    let texts: Vec<String> = docs
        .iter()
        .map(|d| embedding_text(d).into_owned())
        .collect();
    let hashes: Vec<String> = texts.iter().map(|t| text_hash(t)).collect();
    let mut cached = store.embeddings_get(&model, hashes.clone()).await?;
    let missing: Vec<usize> = (0..docs.len())
        .filter(|i| !cached.contains_key(&hashes[*i]))
        .collect();
    let total = missing.len();
    for (n, chunk) in missing.chunks(64).enumerate() {
        let batch: Vec<String> = chunk.iter().map(|&i| texts[i].clone()).collect();
        let e = Arc::clone(embedder);
        let vecs = tokio::task::spawn_blocking(move || {
            let refs: Vec<&str> = batch.iter().map(String::as_str).collect();
            e.embed(&refs)
        })
        .await
        .map_err(|e| DiscoveryError::Embed(e.to_string()))?
        .map_err(|e| DiscoveryError::Embed(e.to_string()))?;
        let items: Vec<(String, Vec<f32>)> =
            chunk.iter().map(|&i| hashes[i].clone()).zip(vecs).collect();
        store.embeddings_put(&model, items.clone()).await?;
        cached.extend(items);
        progress(((n + 1) * 64).min(total), total);
    }
    Ok(hashes
        .iter()
        .map(|h| cached.get(h).cloned().unwrap_or_default())
        .collect())
}

impl Discovery {
    /// Builds the index for `provider` (the configured choice; the
    /// environment may override it).
    pub async fn build<S: Marketplace>(
        store: &S,
        config: &DiscoveryConfig,
        provider: ProviderKind,
        progress: &(dyn Fn(usize, usize) + Send + Sync),
    ) -> Result<Built, DiscoveryError> {
        Self::build_with(store, config, provider, true, progress).await
    }

    /// The lexical index only, at once; `serve` answers with it while the
    /// embedding index is built in the background, and its status says so.
    pub async fn build_lexical<S: Marketplace>(
        store: &S,
        config: &DiscoveryConfig,
        provider: ProviderKind,
    ) -> Result<Built, DiscoveryError> {
        Self::build_with(store, config, provider, false, &|_, _| {}).await
    }

    async fn build_with<S: Marketplace>(
        store: &S,
        config: &DiscoveryConfig,
        provider: ProviderKind,
        embed: bool,
        progress: &(dyn Fn(usize, usize) + Send + Sync),
    ) -> Result<Built, DiscoveryError> {
        if !embed {
            let mut b = Self::assemble(store, config, None, progress).await?;
            b.status.requested = provider;
            b.status.configured = provider;
            b.status.last_error = Some(
                "the embedding index is being built; ranking with BM25 alone until it is ready"
                    .into(),
            );
            return Ok(b);
        }
        let selected = {
            let (dir, remotes) = (config.model_dir.clone(), config.remotes.clone());
            tokio::task::spawn_blocking(move || select(provider, &dir, &remotes))
                .await
                .map_err(|e| DiscoveryError::Embed(e.to_string()))?
        };
        Self::assemble(store, config, Some(selected), progress).await
    }

    /// Gathers every lane and indexes it, with embeddings when `selected`
    /// has an embedder.
    async fn assemble<S: Marketplace>(
        store: &S,
        config: &DiscoveryConfig,
        selected: Option<hivegate_embed::select::Selected>,
        progress: &(dyn Fn(usize, usize) + Send + Sync),
    ) -> Result<Built, DiscoveryError> {
        let (embedder, mut status) = match selected {
            Some(s) => (s.embedder, s.status),
            None => (
                None,
                EmbeddingStatus {
                    requested: ProviderKind::Auto,
                    configured: ProviderKind::Auto,
                    env_override: None,
                    active: None,
                    ranking: "bm25-only",
                    last_error: None,
                },
            ),
        };
        let native = config.native.clone();
        let starter = starter_pack()?;
        let connectors = ConnectorCatalog::builtin()?;
        let catalog = McpCatalog::builtin()?;
        let packages: Vec<MarketplacePackage> = store
            .marketplace_all()
            .await?
            .into_iter()
            .map(|p| MarketplacePackage {
                name: p.name,
                description: p.description,
                category: p.category,
                kind: p.kind,
                validated: p.validated,
                tools: p.tools,
            })
            .collect();
        let connected = HashSet::new();
        let list = entries(&PickSources {
            native: &native,
            installed_skills: &[],
            starter_skills: &starter,
            connectors: &connectors,
            connected: &connected,
            mcp: &catalog,
            marketplace: &packages,
        });
        let docs = CandidateIndex::docs(&list);
        let (owners, edocs) = CandidateIndex::example_docs(&list);
        let cdocs = catalog_docs(&catalog);
        let mut used = None;
        let (ranker, catalog_ranker) = match &embedder {
            Some(e) => {
                let built = async {
                    let v = vectors(store, e, &docs, progress).await?;
                    let x = vectors(store, e, &edocs, progress).await?;
                    let c = vectors(store, e, &cdocs, progress).await?;
                    Ok::<_, DiscoveryError>((v, x, c))
                }
                .await;
                match built {
                    Ok((v, x, c)) => {
                        used = Some(Arc::clone(e));
                        (
                            Hybrid::with_embeddings(
                                &docs,
                                EmbeddingRanker::from_vectors(Arc::clone(e), v)
                                    .with_examples(&owners, x),
                            ),
                            Hybrid::with_embeddings(
                                &cdocs,
                                EmbeddingRanker::from_vectors(Arc::clone(e), c),
                            ),
                        )
                    }
                    Err(err) => {
                        status.ranking = "bm25-only";
                        status.active = None;
                        status.last_error = Some(format!(
                            "embedding the catalog failed, ranking with BM25 alone: {err}"
                        ));
                        (Hybrid::lexical(&docs), Hybrid::lexical(&cdocs))
                    }
                }
            }
            None => (Hybrid::lexical(&docs), Hybrid::lexical(&cdocs)),
        };
        // A weaker ranking, or an EMBEDDING_PROVIDER that names nothing,
        // is said where the operator sees it, not only in the status.
        if let Some(e) = &status.last_error {
            tracing::warn!("{e}");
        }
        Ok(Built {
            documents: docs.len(),
            index: CandidateIndex::new(list, ranker),
            catalog,
            catalog_ranker,
            connectors,
            starter,
            native,
            status,
            embedder: used,
        })
    }

    pub fn new(config: DiscoveryConfig, built: Built) -> Discovery {
        Discovery {
            config,
            built: RwLock::new(Arc::new(built)),
        }
    }

    pub fn current(&self) -> Arc<Built> {
        match self.built.read() {
            Ok(g) => Arc::clone(&g),
            Err(p) => Arc::clone(&p.into_inner()),
        }
    }

    pub fn replace(&self, built: Built) {
        match self.built.write() {
            Ok(mut g) => *g = Arc::new(built),
            Err(p) => *p.into_inner() = Arc::new(built),
        }
    }
}

/// The marketplace's full-text ranks for a need, by package name.
pub async fn fts_ranks<S: Marketplace>(
    store: &S,
    need: &str,
    workspace: Option<&str>,
) -> Result<std::collections::HashMap<String, f64>, StoreError> {
    let r = store
        .marketplace_search(&MarketQuery {
            text: need.to_owned(),
            workspace: workspace.map(str::to_owned),
            limit: 20,
            page_only: true,
            ..Default::default()
        })
        .await?;
    Ok(r.packages
        .into_iter()
        .map(|h| (h.package.name, h.rank))
        .collect())
}

/// Agent-pick against the current index, with the marketplace's FTS ranks.
/// The query embedding is CPU work, so the search runs on the blocking pool.
pub async fn pick<S: Marketplace>(
    store: &S,
    built: Arc<Built>,
    need: &str,
    workspace: Option<&str>,
) -> Result<AgentPick, DiscoveryError> {
    let (capped, _) = hivegate_catalog::acquisition::cap_need(need);
    let opts = SearchOptions {
        marketplace_fts: fts_ranks(store, &capped, workspace).await?,
        ..Default::default()
    };
    let need = need.to_owned();
    tokio::task::spawn_blocking(move || agent_pick(&built.index, &need, &opts))
        .await
        .map_err(|e| DiscoveryError::Embed(e.to_string()))
}

/// Records a proposal in the audit (`capability_proposal`): the need (first
/// 200 characters), what was picked per kind, the candidates, and where the
/// request came from.
pub async fn record_proposal<S: hivegate_store::Store>(
    store: &S,
    p: &AgentPick,
    workspace: Option<&str>,
    via: &str,
    now: i64,
) -> Result<(), StoreError> {
    let name = |c: &Option<hivegate_catalog::acquisition::CapabilityCandidate>| {
        c.as_ref().map(|c| c.name.clone())
    };
    let g = &p.grouped_by_kind;
    let row = serde_json::json!({
        "need": p.need.chars().take(200).collect::<String>(),
        "workspace": workspace,
        "recommendation": name(&p.recommendation),
        "groupedByKind": {"connector": name(&g.connector), "skill": name(&g.skill), "tool": name(&g.tool), "mcp": name(&g.mcp)},
        "candidates": p.candidates.iter().map(|c| c.name.clone()).collect::<Vec<_>>(),
        "gapDetected": p.gap_detected,
        "alreadyHandled": p.already_handled,
        "ranking": p.ranking,
        "via": via,
    });
    store.audit_append("capability_proposal", &row, now).await?;
    Ok(())
}
