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
    ("archivo", "file"),
    ("archivos", "files"),
    ("ayer", "yesterday"),
    ("añade", "add"),
    ("añadir", "add"),
    ("borra", "delete"),
    ("borrar", "delete"),
    ("busca", "search"),
    ("búscame", "find me"),
    ("buscar", "search"),
    ("calendario", "calendar"),
    ("cambia", "change"),
    ("cambiar", "change"),
    ("cambié", "changed"),
    ("cambios", "changes"),
    ("carpeta", "folder"),
    ("carpetas", "folders"),
    ("cita", "appointment"),
    ("código", "code"),
    ("conectadas", "connected"),
    ("conectados", "connected"),
    ("contacto", "contact"),
    ("corre", "run"),
    ("correo", "email"),
    ("correos", "emails"),
    ("correr", "run"),
    ("crea", "create"),
    ("crear", "create"),
    ("definido", "defined"),
    ("documento", "document"),
    ("ejecuta", "run"),
    ("ejecutar", "run"),
    ("elimina", "delete"),
    ("eliminar", "delete"),
    ("envia", "send"),
    ("envía", "send"),
    ("enviar", "send"),
    ("equipo", "team"),
    ("escribe", "write"),
    ("escribir", "write"),
    ("fila", "row"),
    ("guarda", "save"),
    ("guardar", "save"),
    ("habilidades", "skills"),
    ("hecho", "done"),
    ("herramientas", "tools"),
    ("hoja", "sheet"),
    ("hoy", "today"),
    ("instaladas", "installed"),
    ("instalado", "installed"),
    ("instalados", "installed"),
    ("lanza", "launch"),
    ("leeme", "read me"),
    ("léeme", "read me"),
    ("leer", "read"),
    ("manda", "send"),
    ("mándale", "send him"),
    ("mandar", "send"),
    ("mensaje", "message"),
    ("mensajes", "messages"),
    ("mover", "move"),
    ("muestra", "show"),
    ("muéstrame", "show me"),
    ("mueve", "move"),
    ("página", "page"),
    ("pregunta", "question"),
    ("prueba", "test"),
    ("pruebas", "tests"),
    ("publica", "post"),
    ("publicar", "post"),
    ("reenvía", "forward"),
    ("renombra", "rename"),
    ("renombrar", "rename"),
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
    ("depuis", "since"),
    ("dernier", "last"),
    ("dernière", "last"),
    ("écrire", "write"),
    ("écris", "write"),
    ("efface", "delete"),
    ("effacer", "delete"),
    ("envoie", "send"),
    ("envoyer", "send"),
    ("fichier", "file"),
    ("fichiers", "files"),
    ("fusionne", "merge"),
    ("fusionner", "merge"),
    ("hier", "yesterday"),
    ("historique", "history"),
    ("lancer", "run"),
    ("lire", "read"),
    ("lis", "read"),
    ("modifie", "edit"),
    ("modifié", "changed"),
    ("modifier", "edit"),
    ("montre", "show"),
    ("ouvre", "open"),
    ("ouvrir", "open"),
    ("partage", "share"),
    ("partager", "share"),
    ("planifie", "schedule"),
    ("planifier", "schedule"),
    ("rappelle", "remember"),
    ("résume", "summarize"),
    ("résumer", "summarize"),
    ("réunion", "meeting"),
    ("semaine", "week"),
    ("supprime", "delete"),
    ("supprimer", "delete"),
    ("tâche", "task"),
    ("télécharge", "download"),
    ("télécharger", "download"),
    ("trouve", "find"),
    ("trouver", "find"),
    ("vérifie", "check"),
    ("vérifier", "check"),
    // German
    ("änderungen", "changes"),
    ("besprechung", "meeting"),
    ("datei", "file"),
    ("dateien", "files"),
    ("dokument", "document"),
    ("erstelle", "create"),
    ("erstellen", "create"),
    ("erzählt", "told"),
    ("finde", "find"),
    ("finden", "find"),
    ("funktion", "function"),
    ("geändert", "changed"),
    ("gesagt", "said"),
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
    ("prüfe", "check"),
    ("prüfen", "check"),
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
    ("tabelle", "table"),
    ("termin", "appointment"),
    ("verlauf", "history"),
    ("woche", "week"),
    ("zeig", "show"),
    ("zeige", "show"),
    ("zeile", "row"),
    // Portuguese
    ("adiciona", "add"),
    ("adicionar", "add"),
    ("arquivo", "file"),
    ("arquivos", "files"),
    ("cria", "create"),
    ("criar", "create"),
    ("diz", "tell"),
    ("hoje", "today"),
    ("lê", "read"),
    ("ler", "read"),
    ("mensagem", "message"),
    ("mostra", "show"),
    ("mudei", "changed"),
    ("mudou", "changed"),
    ("ontem", "yesterday"),
    ("pesquisa", "search"),
    ("pesquisar", "search"),
    ("procura", "search"),
    ("procurar", "search"),
    ("semana", "week"),
    // Italian
    ("aggiungi", "add"),
    ("apri", "open"),
    ("aprire", "open"),
    ("cambiato", "changed"),
    ("cerca", "search"),
    ("cercare", "search"),
    ("dimmi", "tell me"),
    ("ieri", "yesterday"),
    ("invia", "send"),
    ("inviare", "send"),
    ("leggere", "read"),
    ("leggi", "read"),
    ("messaggio", "message"),
    ("modifiche", "changes"),
    ("oggi", "today"),
    ("riassumi", "summarize"),
    ("salva", "save"),
    ("scheda", "card"),
    ("scrivere", "write"),
    ("scrivi", "write"),
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
