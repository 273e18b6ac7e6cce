//! The marketplace in the store: packages with full-text search (SQLite
//! FTS5 on one backend, PostgreSQL `tsvector` on the other), facets,
//! per-workspace installs, and the cache of document embeddings.
//!
//! A search text is never passed to the FTS engine as syntax: it is cut to
//! at most 16 alphanumeric words, each quoted (FTS5) or reduced to
//! `[a-z0-9]` (tsquery) and OR-ed as a prefix, and bound as a parameter.
//! No words at all means an unfiltered listing.

use std::collections::{BTreeMap, HashMap};
use std::future::Future;

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use rusqlite::{OptionalExtension, params_from_iter};
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::{AnyStore, PgStore, SqliteStore, StoreError};

/// One package row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Package {
    pub name: String,
    pub description: String,
    pub category: String,
    /// skill | connector | mcp
    pub kind: String,
    /// Which catalog it came from (e.g. `mcp-registry`).
    pub source: String,
    pub validated: bool,
    /// Tool names and descriptions, as one text.
    pub tools: String,
}

/// A search with optional facet filters.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct MarketQuery {
    pub text: String,
    #[serde(default)]
    pub types: Vec<String>,
    #[serde(default)]
    pub categories: Vec<String>,
    #[serde(default)]
    pub sources: Vec<String>,
    pub workspace: Option<String>,
    pub limit: u32,
    pub offset: u32,
    /// Only the page: no total and no facets (what ranking needs).
    #[serde(skip)]
    pub page_only: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PackageHit {
    #[serde(flatten)]
    pub package: Package,
    /// The engine's relevance, scaled so the best hit of the page is 1.
    pub rank: f64,
    pub installed: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Facets {
    pub types: BTreeMap<String, u64>,
    pub categories: BTreeMap<String, u64>,
    pub sources: BTreeMap<String, u64>,
}

/// `SearchResult`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub packages: Vec<PackageHit>,
    pub total: u64,
    pub facets: Facets,
    /// Packages installed in the query's workspace (`default` if none).
    pub installed_count: u64,
    pub workspace: String,
}

pub const MAX_QUERY_WORDS: usize = 16;
const MAX_WORD: usize = 40;
pub const DEFAULT_WORKSPACE: &str = "default";

/// Words that match nearly every package and rank none.
const QUERY_STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "can", "do", "for", "from", "i", "in", "into",
    "is", "it", "me", "my", "of", "on", "or", "our", "so", "that", "the", "their", "then", "this",
    "to", "us", "we", "what", "when", "with", "you", "your",
];

/// The search words: lower-case alphanumeric runs without common English
/// function words, at most 16 of 40 chars.
pub fn query_words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() >= 2 && !QUERY_STOP_WORDS.contains(&w.to_ascii_lowercase().as_str()))
    {
        let w: String = w.to_ascii_lowercase().chars().take(MAX_WORD).collect();
        if !out.contains(&w) {
            out.push(w);
        }
        if out.len() == MAX_QUERY_WORDS {
            break;
        }
    }
    out
}

fn fts5_match(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("\"{w}\"*"))
        .collect::<Vec<_>>()
        .join(" OR ")
}

fn tsquery(words: &[String]) -> String {
    words
        .iter()
        .map(|w| format!("{w}:*"))
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The largest registry file `parse_registry` reads.
pub const MAX_REGISTRY_BYTES: usize = 64 << 20;
const MAX_NAME: usize = 214;
const MAX_TEXT: usize = 64 << 10;

/// Reads an MCP registry list (`{"<package>": {"category", "validated",
/// "tools": {"<name>": {"name", "description"}}}}`, the shape of
/// `shared/eval/mcp-registry/packages-list.json`) into packages of kind
/// `mcp`. Entries that are not objects, names that are empty, too long or
/// hold control characters are errors naming the entry; nothing is
/// imported from a file with an error.
pub fn parse_registry(text: &str, source: &str) -> Result<Vec<Package>, StoreError> {
    let bad = |m: String| StoreError::Corrupt(format!("registry list: {m}"));
    if text.len() > MAX_REGISTRY_BYTES {
        return Err(bad("larger than 64 MiB".into()));
    }
    let root: serde_json::Map<String, serde_json::Value> = serde_json::from_str(text)
        .map_err(|e| bad(format!("not a JSON object of packages: {e}")))?;
    let mut out = Vec::with_capacity(root.len());
    for (name, v) in root {
        if name.trim().is_empty() || name.len() > MAX_NAME || name.chars().any(char::is_control) {
            return Err(bad(format!(
                "package name {:?} is not acceptable",
                name.chars().take(40).collect::<String>()
            )));
        }
        let obj = v
            .as_object()
            .ok_or_else(|| bad(format!("{name}: not an object")))?;
        let category = obj
            .get("category")
            .and_then(|c| c.as_str())
            .unwrap_or("uncategorized");
        let validated = obj
            .get("validated")
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false);
        let mut tools = Vec::new();
        if let Some(t) = obj.get("tools") {
            let t = t
                .as_object()
                .ok_or_else(|| bad(format!("{name}: tools is not an object")))?;
            for (tool, spec) in t {
                let desc = spec
                    .get("description")
                    .and_then(|d| d.as_str())
                    .unwrap_or("");
                tools.push(format!("{tool}: {desc}"));
            }
        }
        let tools: String = tools.join("; ").chars().take(MAX_TEXT).collect();
        let description = format!("{} MCP server", category.replace('-', " "));
        out.push(Package {
            name,
            description,
            category: category.chars().take(100).collect(),
            kind: "mcp".into(),
            source: source.to_owned(),
            validated,
            tools,
        });
    }
    Ok(out)
}

/// Marketplace and embedding-cache operations; both backends implement it.
pub trait Marketplace: Send + Sync {
    /// Inserts or replaces packages; returns how many were written.
    fn marketplace_import(
        &self,
        packages: Vec<Package>,
        now: i64,
    ) -> impl Future<Output = Result<usize, StoreError>> + Send;

    fn marketplace_search(
        &self,
        q: &MarketQuery,
    ) -> impl Future<Output = Result<SearchResult, StoreError>> + Send;

    fn marketplace_all(&self) -> impl Future<Output = Result<Vec<Package>, StoreError>> + Send;

    fn marketplace_mark_installed(
        &self,
        workspace: &str,
        name: &str,
        now: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    fn embeddings_get(
        &self,
        model: &str,
        hashes: Vec<String>,
    ) -> impl Future<Output = Result<HashMap<String, Vec<f32>>, StoreError>> + Send;

    fn embeddings_put(
        &self,
        model: &str,
        items: Vec<(String, Vec<f32>)>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
}

fn encode_vector(v: &[f32]) -> String {
    let bytes: Vec<u8> = v.iter().flat_map(|f| f.to_le_bytes()).collect();
    B64.encode(bytes)
}

fn decode_vector(s: &str, dims: i64) -> Result<Vec<f32>, StoreError> {
    let bytes = B64
        .decode(s)
        .map_err(|e| StoreError::Corrupt(format!("embedding vector: {e}")))?;
    if bytes.len() as i64 != dims * 4 {
        return Err(StoreError::Corrupt(
            "embedding vector has the wrong length".into(),
        ));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect())
}

/// `AND col IN (?, ?, …)` for a non-empty list; binds are appended.
fn in_filter(col: &str, values: &[String], binds: &mut Vec<String>, pg: bool) -> String {
    if values.is_empty() {
        return String::new();
    }
    let marks: Vec<String> = values
        .iter()
        .map(|v| {
            binds.push(v.clone());
            if pg {
                format!("${}", binds.len())
            } else {
                format!("?{}", binds.len())
            }
        })
        .collect();
    format!(" AND {col} IN ({})", marks.join(", "))
}

fn scale_ranks(hits: &mut [PackageHit]) {
    let max = hits.iter().map(|h| h.rank).fold(0.0f64, f64::max);
    for h in hits.iter_mut() {
        h.rank = if max > 0.0 {
            (h.rank / max * 1000.0).round() / 1000.0
        } else {
            0.0
        };
    }
}

fn workspace_of(q: &MarketQuery) -> String {
    q.workspace
        .as_deref()
        .filter(|w| !w.is_empty())
        .unwrap_or(DEFAULT_WORKSPACE)
        .to_owned()
}

/// A package from the first seven columns (name, description, category,
/// kind, source, validated, tools).
fn sqlite_package(r: &rusqlite::Row<'_>) -> rusqlite::Result<Package> {
    Ok(Package {
        name: r.get(0)?,
        description: r.get(1)?,
        category: r.get(2)?,
        kind: r.get(3)?,
        source: r.get(4)?,
        validated: r.get::<_, i64>(5)? != 0,
        tools: r.get(6)?,
    })
}

impl Marketplace for SqliteStore {
    async fn marketplace_import(
        &self,
        packages: Vec<Package>,
        now: i64,
    ) -> Result<usize, StoreError> {
        self.run(move |c| {
            let tx = c.transaction()?;
            {
                let mut st = tx.prepare(
                    "INSERT INTO marketplace_packages (name, description, category, kind, source, validated, tools, imported_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
                     ON CONFLICT (name) DO UPDATE SET description = excluded.description, category = excluded.category,
                       kind = excluded.kind, source = excluded.source, validated = excluded.validated,
                       tools = excluded.tools, imported_at = excluded.imported_at",
                )?;
                for p in &packages {
                    st.execute(rusqlite::params![
                        p.name, p.description, p.category, p.kind, p.source, i64::from(p.validated), p.tools, now
                    ])?;
                }
            }
            tx.execute("INSERT INTO marketplace_fts (marketplace_fts) VALUES ('rebuild')", [])?;
            tx.commit()?;
            Ok(packages.len())
        })
        .await
    }

    async fn marketplace_search(&self, q: &MarketQuery) -> Result<SearchResult, StoreError> {
        let q = q.clone();
        self.run(move |c| {
            let words = query_words(&q.text);
            let workspace = workspace_of(&q);
            let mut binds: Vec<String> = vec![workspace.clone()];
            let (from, rank) = if words.is_empty() {
                ("marketplace_packages p WHERE 1 = 1".to_owned(), "0.0")
            } else {
                binds.push(fts5_match(&words));
                (
                    "marketplace_fts f JOIN marketplace_packages p ON p.rowid = f.rowid WHERE marketplace_fts MATCH ?2".to_owned(),
                    "-bm25(marketplace_fts, 10.0, 4.0, 2.0, 1.0)",
                )
            };
            let base_binds = binds.clone();
            let mut filters = in_filter("p.kind", &q.types, &mut binds, false);
            filters += &in_filter("p.category", &q.categories, &mut binds, false);
            filters += &in_filter("p.source", &q.sources, &mut binds, false);
            let sql = format!(
                "SELECT p.name, p.description, p.category, p.kind, p.source, p.validated, p.tools, {rank} AS r,
                   EXISTS (SELECT 1 FROM marketplace_installs i WHERE i.workspace = ?1 AND i.name = p.name)
                 FROM {from}{filters} ORDER BY r DESC, p.name LIMIT {} OFFSET {}",
                q.limit.min(200),
                q.offset
            );
            let mut st = c.prepare(&sql)?;
            let mut hits: Vec<PackageHit> = st
                .query_map(params_from_iter(binds.iter()), |r| {
                    Ok(PackageHit {
                        package: sqlite_package(r)?,
                        rank: r.get(7)?,
                        installed: r.get(8)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            scale_ranks(&mut hits);
            if q.page_only {
                let total = hits.len() as u64;
                return Ok(SearchResult { packages: hits, total, facets: Facets::default(), installed_count: 0, workspace });
            }
            let total: i64 = c.query_row(
                &format!("SELECT COUNT(*) FROM {from}{filters} AND (?1 IS NOT NULL)"),
                params_from_iter(binds.iter()),
                |r| r.get(0),
            )?;
            let mut facets = Facets::default();
            for (col, map) in [("p.kind", &mut facets.types), ("p.category", &mut facets.categories), ("p.source", &mut facets.sources)] {
                let mut st = c.prepare(&format!(
                    "SELECT {col}, COUNT(*) FROM {from} AND (?1 IS NOT NULL) GROUP BY {col}"
                ))?;
                let rows = st.query_map(params_from_iter(base_binds.iter()), |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
                })?;
                for row in rows {
                    let (k, n) = row?;
                    map.insert(k, n as u64);
                }
            }
            let installed: i64 = c.query_row(
                "SELECT COUNT(*) FROM marketplace_installs WHERE workspace = ?1",
                [&workspace],
                |r| r.get(0),
            )?;
            Ok(SearchResult {
                packages: hits,
                total: total as u64,
                facets,
                installed_count: installed as u64,
                workspace,
            })
        })
        .await
    }

    async fn marketplace_all(&self) -> Result<Vec<Package>, StoreError> {
        self.run(|c| {
            let mut st = c.prepare(
                "SELECT name, description, category, kind, source, validated, tools FROM marketplace_packages ORDER BY name",
            )?;
            let rows = st
                .query_map([], sqlite_package)?
                .collect::<Result<_, _>>()?;
            Ok(rows)
        })
        .await
    }

    async fn marketplace_mark_installed(
        &self,
        workspace: &str,
        name: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let (workspace, name) = (workspace.to_owned(), name.to_owned());
        self.run(move |c| {
            let exists = c
                .query_row("SELECT 1 FROM marketplace_packages WHERE name = ?1", [&name], |_| Ok(()))
                .optional()?
                .is_some();
            if exists {
                c.execute(
                    "INSERT INTO marketplace_installs (workspace, name, installed_at) VALUES (?1, ?2, ?3)
                     ON CONFLICT (workspace, name) DO NOTHING",
                    rusqlite::params![workspace, name, now],
                )?;
            }
            Ok(exists)
        })
        .await
    }

    async fn embeddings_get(
        &self,
        model: &str,
        hashes: Vec<String>,
    ) -> Result<HashMap<String, Vec<f32>>, StoreError> {
        let model = model.to_owned();
        self.run(move |c| {
            let mut st = c.prepare(
                "SELECT dims, vector FROM embeddings WHERE model = ?1 AND text_hash = ?2",
            )?;
            let mut out = HashMap::new();
            for h in hashes {
                let row: Option<(i64, String)> = st
                    .query_row([&model, &h], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()?;
                if let Some((dims, v)) = row {
                    out.insert(h, decode_vector(&v, dims)?);
                }
            }
            Ok(out)
        })
        .await
    }

    async fn embeddings_put(
        &self,
        model: &str,
        items: Vec<(String, Vec<f32>)>,
    ) -> Result<(), StoreError> {
        let model = model.to_owned();
        self.run(move |c| {
            let tx = c.transaction()?;
            {
                let mut st = tx.prepare(
                    "INSERT INTO embeddings (model, text_hash, dims, vector) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (model, text_hash) DO UPDATE SET dims = excluded.dims, vector = excluded.vector",
                )?;
                for (h, v) in &items {
                    st.execute(rusqlite::params![model, h, v.len() as i64, encode_vector(v)])?;
                }
            }
            tx.commit()?;
            Ok(())
        })
        .await
    }
}

fn pg_package(r: &sqlx::postgres::PgRow) -> Result<Package, sqlx::Error> {
    Ok(Package {
        name: r.try_get("name")?,
        description: r.try_get("description")?,
        category: r.try_get("category")?,
        kind: r.try_get("kind")?,
        source: r.try_get("source")?,
        validated: r.try_get::<i64, _>("validated")? != 0,
        tools: r.try_get("tools")?,
    })
}

/// A query over text built here from fixed fragments, with every value bound.
fn bind_all<'q>(
    sql: &'q str,
    binds: &'q [String],
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    binds.iter().fold(sqlx::query(sql), |q, b| q.bind(b))
}

impl Marketplace for PgStore {
    async fn marketplace_import(
        &self,
        packages: Vec<Package>,
        now: i64,
    ) -> Result<usize, StoreError> {
        let mut tx = self.pool().begin().await?;
        for p in &packages {
            sqlx::query(
                "INSERT INTO marketplace_packages (name, description, category, kind, source, validated, tools, imported_at)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
                 ON CONFLICT (name) DO UPDATE SET description = excluded.description, category = excluded.category,
                   kind = excluded.kind, source = excluded.source, validated = excluded.validated,
                   tools = excluded.tools, imported_at = excluded.imported_at",
            )
            .bind(&p.name)
            .bind(&p.description)
            .bind(&p.category)
            .bind(&p.kind)
            .bind(&p.source)
            .bind(i64::from(p.validated))
            .bind(&p.tools)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(packages.len())
    }

    async fn marketplace_search(&self, q: &MarketQuery) -> Result<SearchResult, StoreError> {
        let words = query_words(&q.text);
        let workspace = workspace_of(q);
        let mut binds: Vec<String> = vec![workspace.clone()];
        let (from, rank) = if words.is_empty() {
            (
                "marketplace_packages p WHERE 1 = 1".to_owned(),
                "0.0::float8".to_owned(),
            )
        } else {
            binds.push(tsquery(&words));
            (
                "marketplace_packages p WHERE p.search @@ to_tsquery('english', $2)".to_owned(),
                "ts_rank_cd(p.search, to_tsquery('english', $2))::float8".to_owned(),
            )
        };
        let base_binds = binds.clone();
        let mut filters = in_filter("p.kind", &q.types, &mut binds, true);
        filters += &in_filter("p.category", &q.categories, &mut binds, true);
        filters += &in_filter("p.source", &q.sources, &mut binds, true);
        let sql = format!(
            "SELECT p.name, p.description, p.category, p.kind, p.source, p.validated, p.tools, {rank} AS r,
               EXISTS (SELECT 1 FROM marketplace_installs i WHERE i.workspace = $1 AND i.name = p.name) AS installed
             FROM {from}{filters} ORDER BY r DESC, p.name LIMIT {} OFFSET {}",
            q.limit.min(200),
            q.offset
        );
        let rows = bind_all(&sql, &binds).fetch_all(self.pool()).await?;
        let mut hits = Vec::with_capacity(rows.len());
        for r in &rows {
            hits.push(PackageHit {
                package: pg_package(r)?,
                rank: r.try_get("r")?,
                installed: r.try_get("installed")?,
            });
        }
        scale_ranks(&mut hits);
        if q.page_only {
            let total = hits.len() as u64;
            return Ok(SearchResult {
                packages: hits,
                total,
                facets: Facets::default(),
                installed_count: 0,
                workspace,
            });
        }
        let count_sql =
            format!("SELECT COUNT(*) AS n FROM {from}{filters} AND ($1::text IS NOT NULL)");
        let total: i64 = bind_all(&count_sql, &binds)
            .fetch_one(self.pool())
            .await?
            .try_get("n")?;
        let mut facets = Facets::default();
        for (col, map) in [
            ("p.kind", &mut facets.types),
            ("p.category", &mut facets.categories),
            ("p.source", &mut facets.sources),
        ] {
            let facet_sql = format!(
                "SELECT {col} AS k, COUNT(*) AS n FROM {from} AND ($1::text IS NOT NULL) GROUP BY {col}"
            );
            let rows = bind_all(&facet_sql, &base_binds)
                .fetch_all(self.pool())
                .await?;
            for r in rows {
                map.insert(r.try_get("k")?, r.try_get::<i64, _>("n")? as u64);
            }
        }
        let installed: i64 =
            sqlx::query("SELECT COUNT(*) AS n FROM marketplace_installs WHERE workspace = $1")
                .bind(&workspace)
                .fetch_one(self.pool())
                .await?
                .try_get("n")?;
        Ok(SearchResult {
            packages: hits,
            total: total as u64,
            facets,
            installed_count: installed as u64,
            workspace,
        })
    }

    async fn marketplace_all(&self) -> Result<Vec<Package>, StoreError> {
        let rows = sqlx::query(
            "SELECT name, description, category, kind, source, validated, tools FROM marketplace_packages ORDER BY name",
        )
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(pg_package).collect::<Result<_, _>>()?)
    }

    async fn marketplace_mark_installed(
        &self,
        workspace: &str,
        name: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let res = sqlx::query(
            "INSERT INTO marketplace_installs (workspace, name, installed_at)
             SELECT $1, name, $3 FROM marketplace_packages WHERE name = $2
             ON CONFLICT (workspace, name) DO NOTHING",
        )
        .bind(workspace)
        .bind(name)
        .bind(now)
        .execute(self.pool())
        .await?;
        if res.rows_affected() > 0 {
            return Ok(true);
        }
        Ok(
            sqlx::query("SELECT 1 FROM marketplace_packages WHERE name = $1")
                .bind(name)
                .fetch_optional(self.pool())
                .await?
                .is_some(),
        )
    }

    async fn embeddings_get(
        &self,
        model: &str,
        hashes: Vec<String>,
    ) -> Result<HashMap<String, Vec<f32>>, StoreError> {
        let rows = sqlx::query(
            "SELECT text_hash, dims, vector FROM embeddings WHERE model = $1 AND text_hash = ANY($2)",
        )
        .bind(model)
        .bind(&hashes)
        .fetch_all(self.pool())
        .await?;
        let mut out = HashMap::new();
        for r in rows {
            let v: String = r.try_get("vector")?;
            out.insert(
                r.try_get("text_hash")?,
                decode_vector(&v, r.try_get("dims")?)?,
            );
        }
        Ok(out)
    }

    async fn embeddings_put(
        &self,
        model: &str,
        items: Vec<(String, Vec<f32>)>,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool().begin().await?;
        for (h, v) in &items {
            sqlx::query(
                "INSERT INTO embeddings (model, text_hash, dims, vector) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (model, text_hash) DO UPDATE SET dims = excluded.dims, vector = excluded.vector",
            )
            .bind(model)
            .bind(h)
            .bind(v.len() as i64)
            .bind(encode_vector(v))
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}

macro_rules! delegate {
    ($self:ident, $s:ident => $e:expr) => {
        match $self {
            AnyStore::Sqlite($s) => $e.await,
            AnyStore::Postgres($s) => $e.await,
        }
    };
}

impl Marketplace for AnyStore {
    async fn marketplace_import(
        &self,
        packages: Vec<Package>,
        now: i64,
    ) -> Result<usize, StoreError> {
        delegate!(self, s => s.marketplace_import(packages, now))
    }
    async fn marketplace_search(&self, q: &MarketQuery) -> Result<SearchResult, StoreError> {
        delegate!(self, s => s.marketplace_search(q))
    }
    async fn marketplace_all(&self) -> Result<Vec<Package>, StoreError> {
        delegate!(self, s => s.marketplace_all())
    }
    async fn marketplace_mark_installed(
        &self,
        workspace: &str,
        name: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        delegate!(self, s => s.marketplace_mark_installed(workspace, name, now))
    }
    async fn embeddings_get(
        &self,
        model: &str,
        hashes: Vec<String>,
    ) -> Result<HashMap<String, Vec<f32>>, StoreError> {
        delegate!(self, s => s.embeddings_get(model, hashes))
    }
    async fn embeddings_put(
        &self,
        model: &str,
        items: Vec<(String, Vec<f32>)>,
    ) -> Result<(), StoreError> {
        delegate!(self, s => s.embeddings_put(model, items))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_words_defuse_fts_syntax() {
        assert_eq!(query_words("NEAR(a b) OR \"x\" * AND -y:z"), ["near"]);
        assert_eq!(
            fts5_match(&query_words("send email")),
            "\"send\"* OR \"email\"*"
        );
        assert_eq!(tsquery(&query_words("Send e-mail!")), "send:* | mail:*");
        assert!(query_words("").is_empty());
        assert_eq!(query_words(&"word ".repeat(100)).len(), 1);
        let many: String = (0..100).map(|i| format!("w{i} ")).collect();
        assert_eq!(query_words(&many).len(), MAX_QUERY_WORDS);
        assert!(query_words(&"a".repeat(1000))[0].len() <= 40);
    }

    #[test]
    fn registry_lists_are_checked() {
        let ok = r#"{"a-mcp": {"category": "databases", "validated": true, "tools": {"q": {"name": "q", "description": "Run SQL"}}}, "b": {}}"#;
        let p = parse_registry(ok, "test").unwrap();
        assert_eq!(p.len(), 2);
        assert!(p.iter().any(|x| x.tools == "q: Run SQL" && x.validated));
        for bad in [
            "[]",
            "not json",
            r#"{"a": 1}"#,
            r#"{"": {}}"#,
            "{\"a\\u0000b\": {}}",
            r#"{"a": {"tools": []}}"#,
        ] {
            assert!(parse_registry(bad, "t").is_err(), "{bad}");
        }
    }

    #[test]
    fn vectors_round_trip_and_bad_ones_are_errors() {
        let v = vec![0.5f32, -1.25, 3.0];
        assert_eq!(decode_vector(&encode_vector(&v), 3).unwrap(), v);
        assert!(decode_vector(&encode_vector(&v), 4).is_err());
        assert!(decode_vector("%%%", 1).is_err());
    }
}
