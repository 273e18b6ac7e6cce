//! The home directory and what lives in it: `$HIVEGATE_HOME`, else the
//! platform data directory, created on first run with no configuration.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use hivegate_gate::{Gate, TOKEN_KEY_SECRET, shared_token_key};
use hivegate_store::AnyStore;
use hivegate_store::vault::{MasterKey, Vault, random_key, write_atomic};

use crate::UserError;

/// The environment variable naming a PostgreSQL URL (several replicas).
pub const DATABASE_URL_ENV: &str = "HIVEGATE_DATABASE_URL";
/// The environment variable holding the admin token, if not the file's.
pub const ADMIN_TOKEN_ENV: &str = "HIVEGATE_ADMIN_TOKEN";

pub struct Home {
    pub dir: PathBuf,
}

impl Home {
    /// `--home`, else `$HIVEGATE_HOME`, else `$XDG_DATA_HOME/hivegate`,
    /// else `~/.local/share/hivegate`.
    pub fn resolve(flag: Option<&Path>) -> Result<Home> {
        let dir = match (flag, std::env::var_os("HIVEGATE_HOME")) {
            (Some(d), _) => d.to_owned(),
            (None, Some(d)) if !d.is_empty() => PathBuf::from(d),
            _ => match std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
                Some(d) => PathBuf::from(d).join("hivegate"),
                None => {
                    let home = std::env::var_os("HOME").ok_or_else(|| {
                        UserError::new("cannot find a home directory")
                            .with_help("set HIVEGATE_HOME or pass --home DIR")
                    })?;
                    PathBuf::from(home).join(".local/share/hivegate")
                }
            },
        };
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create the home directory {}", dir.display()))?;
        Ok(Home { dir })
    }

    pub fn db_path(&self) -> PathBuf {
        self.dir.join("hivegate.db")
    }

    pub fn admin_token_path(&self) -> PathBuf {
        self.dir.join("admin.token")
    }

    /// The admin token: `$HIVEGATE_ADMIN_TOKEN`, else the 0600 token file.
    /// `create` makes the file when there is none.
    pub fn admin_token(&self, create: bool) -> Result<Option<String>> {
        if let Ok(t) = std::env::var(ADMIN_TOKEN_ENV)
            && !t.trim().is_empty()
        {
            return Ok(Some(t.trim().to_owned()));
        }
        let path = self.admin_token_path();
        match std::fs::read_to_string(&path) {
            Ok(t) if !t.trim().is_empty() => Ok(Some(t.trim().to_owned())),
            Ok(_) | Err(_) if !create => Ok(None),
            _ => {
                let token = format!("hga_{}", hex_encode(&random_key()?));
                write_atomic(&path, token.as_bytes(), true)?;
                Ok(Some(token))
            }
        }
    }

    /// Opens the store (PostgreSQL when `HIVEGATE_DATABASE_URL` or
    /// `database_url` names one), the vault, and the gate over them.
    pub async fn open_gate(&self, database_url: Option<&str>) -> Result<Gate<AnyStore>> {
        let env_url = std::env::var(DATABASE_URL_ENV)
            .ok()
            .filter(|u| !u.is_empty());
        let url = database_url.map(str::to_owned).or(env_url);
        let store = AnyStore::open(url.as_deref(), &self.db_path())
            .await
            .with_context(|| match &url {
                Some(_) => "cannot open the PostgreSQL store".to_owned(),
                None => format!("cannot open the store {}", self.db_path().display()),
            })?;
        let key = MasterKey::load_or_create(&self.dir.join("master.key"))?;
        let token_key = match &store {
            // Replicas share the token key through the store, sealed under
            // the master key they share.
            AnyStore::Postgres(_) => {
                shared_token_key(&store, &key, hivegate_server::now_ms()).await?
            }
            AnyStore::Sqlite(_) => {
                let mut vault = Vault::open(&self.dir.join("vault.json"), &key)?;
                vault.get_or_create(TOKEN_KEY_SECRET, random_key)?
            }
        };
        Ok(Gate::new(std::sync::Arc::new(store), token_key, None))
    }
}

fn hex_encode(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}
