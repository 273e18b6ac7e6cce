//! Words of Spanish, French, German, Portuguese and Italian read as the
//! English words our entries use: "borra el archivo temp.log" is ranked
//! as "delete el file temp.log", "lösche den Ordner build" as "delete den
//! folder build". The model learnt English, and BM25 matches only the
//! words an entry uses, so a need said in another language met none of
//! them but the names it kept (Slack, Jira).
//!
//! Only the words an agent's work is made of: what to do (send, delete,
//! search), to what (file, folder, message, meeting) and when (today,
//! yesterday). A word that is also English ("lance", "lies", "canal",
//! "dossier") is left as the English word: the reader is never sure
//! which language a word is in, and English is what it reads.

use std::collections::HashMap;
use std::sync::LazyLock;

/// Each word in lower case with its accents, then the English it stands
/// for. Imperatives first, as needs are mostly asked that way, with the
/// forms that carry a pronoun ("léeme", "zeig").
const GLOSSARY: &[(&str, &str)] = &[
    // Spanish
    ("abre", "open"),
    ("abrir", "open"),
    ("actualiza", "update"),
    ("actualizar", "update"),
    ("agendar", "schedule"),
    ("agrega", "add"),
    ("agregar", "add"),
    ("añade", "add"),
    ("añadir", "add"),
    ("archivo", "file"),
    ("archivos", "files"),
    ("ayer", "yesterday"),
    ("borra", "delete"),
    ("borrar", "delete"),
    ("busca", "search"),
    ("buscar", "search"),
    ("búscame", "find me"),
    ("calendario", "calendar"),
    ("cambia", "change"),
    ("cambiar", "change"),
    ("cambios", "changes"),
    ("cambié", "changed"),
    ("carpeta", "folder"),
    ("carpetas", "folders"),
    ("cita", "appointment"),
    ("código", "code"),
    ("conectadas", "connected"),
    ("conectados", "connected"),
    ("contacto", "contact"),
    ("correo", "email"),
    ("correos", "emails"),
    ("crea", "create"),
    ("crear", "create"),
    ("documento", "document"),
    ("elimina", "delete"),
    ("eliminar", "delete"),
    ("enviar", "send"),
    ("envía", "send"),
    ("envia", "send"),
    ("equipo", "team"),
    ("escribe", "write"),
    ("escribir", "write"),
    ("fila", "row"),
    ("guarda", "save"),
    ("guardar", "save"),
    ("herramientas", "tools"),
    ("hoja", "sheet"),
    ("hoy", "today"),
    ("leer", "read"),
    ("léeme", "read me"),
    ("leeme", "read me"),
    ("mándale", "send him"),
    ("manda", "send"),
    ("mandar", "send"),
    ("mensaje", "message"),
    ("mensajes", "messages"),
    ("muestra", "show"),
    ("muéstrame", "show me"),
    ("página", "page"),
    ("pregunta", "question"),
    ("reunión", "meeting"),
    ("revisar", "review"),
    ("servidor", "server"),
    ("sube", "upload"),
    ("subir", "upload"),
    ("tarea", "task"),
    ("tareas", "tasks"),
    ("traduce", "translate"),
    ("traducir", "translate"),
    // French
    ("ajoute", "add"),
    ("ajouter", "add"),
    ("aujourd'hui", "today"),
    ("changé", "changed"),
    ("cherche", "search"),
    ("chercher", "search"),
    ("courriel", "email"),
    ("crée", "create"),
    ("créer", "create"),
    ("demain", "tomorrow"),
    ("dernier", "last"),
    ("dernière", "last"),
    ("depuis", "since"),
    ("écris", "write"),
    ("écrire", "write"),
    ("efface", "delete"),
    ("effacer", "delete"),
    ("envoie", "send"),
    ("envoyer", "send"),
    ("fichier", "file"),
    ("fichiers", "files"),
    ("hier", "yesterday"),
    ("lancer", "run"),
    ("lire", "read"),
    ("lis", "read"),
    ("modifie", "edit"),
    ("modifier", "edit"),
    ("montre", "show"),
    ("ouvre", "open"),
    ("ouvrir", "open"),
    ("partage", "share"),
    ("partager", "share"),
    ("rappelle", "remember"),
    ("réunion", "meeting"),
    ("résume", "summarize"),
    ("résumer", "summarize"),
    ("supprime", "delete"),
    ("supprimer", "delete"),
    ("tâche", "task"),
    ("télécharge", "download"),
    ("télécharger", "download"),
    // German
    ("besprechung", "meeting"),
    ("datei", "file"),
    ("dateien", "files"),
    ("dokument", "document"),
    ("erstelle", "create"),
    ("erstellen", "create"),
    ("funktion", "function"),
    ("geändert", "changed"),
    ("gestern", "yesterday"),
    ("heute", "today"),
    ("kalender", "calendar"),
    ("lesen", "read"),
    ("lösche", "delete"),
    ("löschen", "delete"),
    ("nachricht", "message"),
    ("nachrichten", "messages"),
    ("öffne", "open"),
    ("öffnen", "open"),
    ("ordner", "folder"),
    ("schick", "send"),
    ("schicke", "send"),
    ("schicken", "send"),
    ("schreib", "write"),
    ("schreibe", "write"),
    ("schreiben", "write"),
    ("seite", "page"),
    ("senden", "send"),
    ("speichere", "save"),
    ("speichern", "save"),
    ("suche", "search"),
    ("suchen", "search"),
    ("termin", "appointment"),
    ("zeig", "show"),
    ("zeige", "show"),
    // Portuguese
    ("arquivo", "file"),
    ("arquivos", "files"),
    ("cria", "create"),
    ("criar", "create"),
    ("hoje", "today"),
    ("mensagem", "message"),
    ("mudei", "changed"),
    ("ontem", "yesterday"),
    ("procura", "search"),
    ("procurar", "search"),
    // Italian
    ("cerca", "search"),
    ("cercare", "search"),
    ("invia", "send"),
    ("inviare", "send"),
    ("messaggio", "message"),
    ("oggi", "today"),
    ("scheda", "card"),
    ("unisci", "merge"),
];

static BY_WORD: LazyLock<HashMap<&'static str, &'static str>> =
    LazyLock::new(|| GLOSSARY.iter().copied().collect());

/// French pronouns joined to a verb by a hyphen ("montre-moi"): "moi"
/// is said as "me", the others are left out.
const JOINED_PRONOUNS: &[(&str, &str)] = &[
    ("moi", " me"),
    ("toi", ""),
    ("la", ""),
    ("le", ""),
    ("les", ""),
    ("lui", ""),
    ("nous", ""),
    ("vous", ""),
];

/// The English for `word` (lower case), when it is one of the glossary's
/// words and no English word, or such a word with a French pronoun joined
/// to it ("résume-la").
pub fn english_for(word: &str) -> Option<String> {
    let (verb, joined) = match word.split_once('-') {
        Some((verb, pronoun)) => {
            let (_, said) = JOINED_PRONOUNS.iter().find(|(p, _)| *p == pronoun)?;
            (verb, *said)
        }
        None => (word, ""),
    };
    if crate::retrieval::spelling::is_english(verb) {
        return None;
    }
    BY_WORD
        .get(verb)
        .map(|english| format!("{english}{joined}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_is_listed_once_in_lower_case_and_is_no_english_word() {
        let mut seen = std::collections::HashSet::new();
        for (word, english) in GLOSSARY {
            assert!(seen.insert(*word), "{word} is listed twice");
            assert_eq!(*word, word.to_lowercase(), "{word}");
            assert!(!english.is_empty(), "{word}");
            // An English word is never read as foreign, so its entry
            // would do nothing.
            assert!(
                !crate::retrieval::spelling::is_english(word),
                "{word} is an English word"
            );
        }
    }

    #[test]
    fn words_and_verbs_with_a_joined_pronoun_are_read() {
        assert_eq!(english_for("borra").as_deref(), Some("delete"));
        assert_eq!(english_for("lösche").as_deref(), Some("delete"));
        assert_eq!(english_for("montre-moi").as_deref(), Some("show me"));
        assert_eq!(english_for("résume-la").as_deref(), Some("summarize"));
    }

    #[test]
    fn english_words_and_unknown_words_are_left_alone() {
        for word in [
            "send",
            "lance",
            "canal",
            "dossier",
            "slack",
            "hola",
            "montre-ça",
        ] {
            assert_eq!(english_for(word), None, "{word}");
        }
    }
}
