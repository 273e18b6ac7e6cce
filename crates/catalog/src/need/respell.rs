//! A need's words as the catalogs spell them: shorthand, formal verbs,
//! regional words and misspellings read as plain words, file names said
//! aloud written as files.

use std::borrow::Cow;

use super::shapes::FILE_EXTENSIONS;
use super::{foreign, word_core};
use crate::retrieval::tokenize::is_stop_word;

/// Shorthand a need may use for words the catalogs spell out, and the
/// command-line programs of services, named as their service: a need
/// pasted as a command (`gcalcli add …`, `psql -c …`) says what it acts
/// on only by the program's name.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("abt", "about"),
    ("afaik", "as far as i know"),
    ("appt", "appointment"),
    ("btw", "by the way"),
    ("cal", "calendar"),
    ("convo", "conversation"),
    ("db", "database"),
    ("dbs", "databases"),
    ("ddgr", "web search"),
    ("dir", "directory"),
    ("dirs", "directories"),
    ("dm", "direct message"),
    ("dms", "direct messages"),
    ("fri", "friday"),
    ("fwiw", "for what it's worth"),
    ("gcal", "google calendar"),
    ("gcalcli", "google calendar"),
    ("gdoc", "google doc"),
    ("gdocs", "google docs"),
    ("gdrive", "google drive"),
    ("gh", "github"),
    ("glab", "gitlab"),
    ("googler", "google search"),
    ("gsheet", "google sheet"),
    ("gsheets", "google sheets"),
    // Microsoft's mail service under its old name.
    ("hotmail", "outlook email"),
    ("iirc", "if i remember correctly"),
    ("jfyi", "just for your information"),
    ("kb", "knowledge base"),
    ("lmk", "let me know"),
    ("mailx", "email"),
    ("msg", "message"),
    ("msgs", "messages"),
    ("mtg", "meeting"),
    ("mtgs", "meetings"),
    ("mutt", "email"),
    ("nbd", "no big deal"),
    ("neomutt", "email"),
    ("nite", "night"),
    ("nvm", "never mind"),
    ("opp", "opportunity"),
    ("opps", "opportunities"),
    ("pgcli", "postgres"),
    ("ppl", "people"),
    ("psql", "postgres"),
    ("pw", "password"),
    ("qq", "quick question"),
    ("rn", "right now"),
    ("sfdc", "salesforce"),
    ("sfdx", "salesforce"),
    ("tbh", "to be honest"),
    ("thu", "thursday"),
    ("thurs", "thursday"),
    ("tia", "thanks in advance"),
    ("tkt", "ticket"),
    ("tmr", "tomorrow"),
    ("tmrw", "tomorrow"),
    ("tue", "tuesday"),
    ("tues", "tuesday"),
    ("u", "you"),
    ("w", "with"),
    ("wat", "what"),
    ("wen", "when"),
    ("whats", "what's"),
    ("wheres", "where's"),
    ("whos", "who's"),
    ("wk", "week"),
    ("wknd", "weekend"),
    ("wks", "weeks"),
    ("yday", "yesterday"),
    ("yr", "year"),
    ("yrs", "years"),
];

/// Units of size, which a number before them makes of shorthand that
/// means something else ("kb").
const SIZE_UNITS: &[&str] = &["kb", "mb", "gb", "tb"];

/// Formal and office words and the plain ones the catalogs use: "kindly
/// amend the limit", "ascertain whether", "lodged in Confluence", "the
/// delta since my last commit"; and "actualize" and "enterprise", which a
/// speaker of a Romance language may write for "update" and "company".
/// Not "compose": `docker compose` is a name.
const FORMAL: &[(&str, &str)] = &[
    ("actualise", "update"),
    ("actualised", "updated"),
    ("actualize", "update"),
    ("actualized", "updated"),
    ("advise", "tell"),
    ("amend", "edit"),
    ("amended", "edited"),
    ("ascertain", "find out"),
    ("convey", "tell"),
    ("correspond", "write"),
    ("delta", "diff"),
    ("enterprise", "company"),
    ("inform", "tell"),
    ("lodge", "file"),
    ("lodged", "filed"),
    ("retrieve", "get"),
    ("retrieved", "fetched"),
    ("transmit", "send"),
    ("transmitted", "sent"),
];

/// Regional and slang words and the plain ones the catalogs use: "have a
/// squiz at the log", "give the guide a once-over", "Thursday arvo".
const REGIONAL: &[(&str, &str)] = &[
    ("arvo", "afternoon"),
    ("dekko", "look"),
    ("gander", "look"),
    ("look-see", "look"),
    ("once-over", "look"),
    // Indian English: move earlier ("prepone the team meeting to 10 am").
    ("prepone", "reschedule"),
    ("preponed", "rescheduled"),
    ("shufti", "look"),
    ("squiz", "look"),
];

/// The plain word for a formal or regional one (lower case).
fn plain_for(lower: &str) -> Option<String> {
    FORMAL
        .iter()
        .chain(REGIONAL)
        .find(|(word, _)| *word == lower)
        .map(|(_, read)| (*read).to_owned())
}

/// The need with its shorthand spelt out (`ABBREVIATIONS`, in any case:
/// `GDoc`, `DB`), its formal and regional words in plain ones (`FORMAL`,
/// `REGIONAL`), words of other languages in English (`foreign`) and
/// each word that `misspelt`
/// reads as another word replaced by it. Only plain words are read:
/// letters alone (edge punctuation aside; a word of another language may
/// carry accents or a joined pronoun), in lower case or capitalised.
/// Paths, addresses, identifiers (`accountId`) and acronyms (`TODO`) stay
/// as written.
pub fn respelt<'a>(need: &'a str, misspelt: impl Fn(&str) -> Option<String>) -> Cow<'a, str> {
    let mut changed = false;
    let mut after_number = false;
    let words: Vec<Cow<'_, str>> = need
        .split_whitespace()
        .map(|word| {
            let measured = std::mem::replace(
                &mut after_number,
                word.ends_with(|c: char| c.is_ascii_digit()),
            );
            let core = word_core(word);
            // `db/` is a folder named db, not a database.
            if core.is_empty() || word.contains('/') {
                return Cow::Borrowed(word);
            }
            let plain = core
                .chars()
                .skip(1)
                .filter(|c| c.is_alphabetic())
                .all(char::is_lowercase);
            let read = if core.chars().all(|c| c.is_ascii_alphabetic()) {
                let lower = core.to_ascii_lowercase();
                // "100 KB" is a size, not a knowledge base.
                if measured && SIZE_UNITS.contains(&lower.as_str()) {
                    return Cow::Borrowed(word);
                }
                ABBREVIATIONS
                    .iter()
                    .find(|(short, _)| *short == lower)
                    .map(|(_, long)| (*long).to_owned())
                    .or_else(|| {
                        if !plain {
                            return None;
                        }
                        plain_for(&lower)
                            .or_else(|| foreign::english_for(&lower))
                            .or_else(|| misspelt(&lower))
                    })
            } else if plain && core.chars().all(|c| c.is_alphabetic() || "-'".contains(c)) {
                // Accents, or a pronoun joined on ("montre-moi"): only
                // another language's word, or a hyphenated regional one
                // ("once-over"), is read.
                let lower = core.to_lowercase();
                plain_for(&lower).or_else(|| foreign::english_for(&lower))
            } else {
                None
            };
            match read {
                Some(read) => {
                    changed = true;
                    Cow::Owned(word.replacen(core, &read, 1))
                }
                None => Cow::Borrowed(word),
            }
        })
        .collect();
    if changed {
        Cow::Owned(words.join(" "))
    } else {
        Cow::Borrowed(need)
    }
}

/// Hidden files a need may say aloud: "what's in dot env".
const SPOKEN_DOTFILES: &[&str] = &["env", "gitignore", "bashrc", "zshrc", "npmrc"];

/// The endings of web addresses a need may say aloud: "example dot com".
const SPOKEN_TLDS: &[&str] = &[
    "com", "org", "net", "io", "dev", "co", "ai", "app", "edu", "gov", "uk",
];

/// The need with file names and web addresses said aloud written as
/// such: "config dot yaml" → `config.yaml`, "what's in dot env" → `.env`,
/// "example dot com slash faq" → `example.com/faq`, as a dictated need
/// spells them. Only before a file extension or an address's ending (or,
/// for a hidden file, after a word that names nothing), so "connect the
/// dots" and "Dot's notes" stay as they are.
pub fn spoken(need: &str) -> Cow<'_, str> {
    let is_dot = |w: &str| w.eq_ignore_ascii_case("dot");
    let words: Vec<&str> = need.split_whitespace().collect();
    if !words.iter().any(|w| is_dot(w)) {
        return Cow::Borrowed(need);
    }
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut rest = words.iter().copied().peekable();
    while let Some(word) = rest.next() {
        let ext = rest
            .peek()
            .map(|n| n.trim_end_matches(|c: char| ",;:!?.".contains(c)))
            .filter(|e| !e.is_empty() && e.chars().all(|c| c.is_ascii_alphabetic()))
            .map(str::to_ascii_lowercase);
        let (Some(ext), true) = (ext, is_dot(word)) else {
            out.push(word.to_owned());
            continue;
        };
        let before = out.last_mut().filter(|b| {
            !is_stop_word(&b.to_lowercase())
                && b.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./~".contains(c))
        });
        match before {
            Some(name)
                if FILE_EXTENSIONS.contains(&ext.as_str())
                    || SPOKEN_TLDS.contains(&ext.as_str()) =>
            {
                name.push('.');
                name.push_str(rest.next().unwrap_or_default());
                // "… dot com slash pricing slash faq": a page's path.
                while rest.peek().is_some_and(|w| w.eq_ignore_ascii_case("slash")) {
                    rest.next();
                    let Some(part) = rest.next() else { break };
                    name.push('/');
                    name.push_str(part);
                }
            }
            None if SPOKEN_DOTFILES.contains(&ext.as_str()) => {
                out.push(format!(".{}", rest.next().unwrap_or_default()));
            }
            _ => out.push(word.to_owned()),
        }
    }
    Cow::Owned(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shorthand_is_spelt_out_and_misspellings_replaced() {
        let fix = |w: &str| (w == "calender").then(|| "calendar".to_owned());
        assert_eq!(
            respelt("whats on my Calender tmrw?", fix),
            "what's on my calendar tomorrow?"
        );
        assert_eq!(
            respelt("gh issue for the flaky test, next wk", fix),
            "github issue for the flaky test, next week"
        );
        // Texting shorthand.
        assert_eq!(
            respelt("add drinks to my cal fri 6pm, did i tell u?", fix),
            "add drinks to my calendar friday 6pm, did i tell you?"
        );
        assert_eq!(
            respelt("wen does it end this yr? ask ppl abt the wknd w me", fix),
            "when does it end this year? ask people about the weekend with me"
        );
        // Shorthand is a fixed list, so its case does not matter; an
        // acronym is never read as a misspelling.
        assert_eq!(
            respelt("GDoc 'Press release' and the DB, ASAP", fix),
            "google doc 'Press release' and the database, ASAP"
        );
        assert_eq!(respelt("CALENDER", fix), "CALENDER");
        // A folder keeps its name.
        assert_eq!(
            respelt("the scripts under db/, not in the db", fix),
            "the scripts under db/, not in the database"
        );
        // Formal verbs read as plain ones; an acronym that spells one
        // does not.
        assert_eq!(
            respelt("Kindly amend the limit, then Inform the team.", fix),
            "Kindly edit the limit, then tell the team."
        );
        assert_eq!(respelt("see ADVISE.md", fix), "see ADVISE.md");
        // Regional words, hyphenated ones too.
        assert_eq!(
            respelt("have a squiz at it Thursday arvo", fix),
            "have a look at it Thursday afternoon"
        );
        assert_eq!(
            respelt("give the guide a once-over", fix),
            "give the guide a look"
        );
        assert_eq!(
            respelt("prepone the meeting, see Hotmail", fix),
            "reschedule the meeting, see outlook email"
        );
        // Chat acronyms say how a need is put, not what it needs: "QQ"
        // is no music service.
        assert_eq!(
            respelt("QQ: IIRC we noted it, tbh", fix),
            "quick question: if i remember correctly we noted it, to be honest"
        );
        // A service's command-line program is named as its service; its
        // flags and a path stay as written.
        assert_eq!(
            respelt("gcalcli add --title 'Review'", fix),
            "google calendar add --title 'Review'"
        );
        assert_eq!(
            respelt("psql -c 'select 1' and ./bin/psql", fix),
            "postgres -c 'select 1' and ./bin/psql"
        );
        // A size stays a size.
        assert_eq!(
            respelt("files over 100 KB, per the kb", fix),
            "files over 100 KB, per the knowledge base"
        );
        assert_eq!(
            respelt("the delta since Monday", fix),
            "the diff since Monday"
        );
        assert_eq!(
            respelt("please actualize the price of the enterprise", fix),
            "please update the price of the company"
        );
        // Nothing to read: the need itself, not a copy.
        assert!(matches!(respelt("open the readme", fix), Cow::Borrowed(_)));
    }

    #[test]
    fn only_plain_words_are_respelt() {
        let everything = |_: &str| Some("X".to_owned());
        for need in [
            "src/calender.rs",
            "db/",
            "/calender",
            "https://calender.example.com",
            "accountId",
            "TODO",
            "v2",
            "--",
            "",
        ] {
            assert_eq!(respelt(need, everything), need, "{need}");
        }
        assert_eq!(respelt("(calender),", everything), "(X),");
    }

    #[test]
    fn words_of_other_languages_are_read_in_english() {
        let none = |_: &str| None;
        for (need, want) in [
            ("borra el archivo temp.log", "delete el file temp.log"),
            ("Öffne die Datei main.rs", "open die file main.rs"),
            (
                "montre-moi le diff, s'il te plaît",
                "show me le diff, s'il te plaît",
            ),
            (
                "quais arquivos eu mudei hoje?",
                "quais files eu changed today?",
            ),
            // English first: "lance" is a word, and so is "pasta".
            ("lance the pasta timer", "lance the pasta timer"),
            // Capitals inside a word make a name, in any script.
            ("ÖFFNE DATEI", "ÖFFNE DATEI"),
        ] {
            assert_eq!(respelt(need, none), want, "{need}");
        }
    }

    #[test]
    fn file_names_said_aloud_are_written_as_files() {
        for (need, want) in [
            ("change config dot yaml", "change config.yaml"),
            ("create todo dot md, then", "create todo.md, then"),
            ("open src/main dot rs.", "open src/main.rs."),
            ("what's in dot env", "what's in .env"),
            ("add it to the dot gitignore", "add it to the .gitignore"),
            ("README dot MD", "README.MD"),
            (
                "open example dot com slash faq and tell me",
                "open example.com/faq and tell me",
            ),
            (
                "read docs dot rs slash serde slash latest.",
                "read docs.rs/serde/latest.",
            ),
            ("go to example dot com", "go to example.com"),
        ] {
            assert_eq!(spoken(need), want, "{need}");
        }
        // Not before an extension, not after a word that names nothing,
        // and nothing to write: the need itself, not a copy.
        for need in [
            "connect the dot and the line",
            "ask Dot about the budget",
            "the dot md file",
            "a file ending in dot",
            "open dot gitignore",
        ] {
            assert_eq!(spoken(need), need, "{need}");
        }
        assert!(matches!(spoken("open the readme"), Cow::Borrowed(_)));
    }
}
