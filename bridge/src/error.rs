//! The one error type of the public API: what went wrong, in one line,
//! with the diagnostics MLIR emitted meanwhile.

use std::fmt;

/// What kind of thing failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Text did not parse as IR (or did not verify).
    Parse,
    /// A generated builder built no op: inference or verification failed,
    /// or an operand is of another context.
    Build,
    /// A pass pipeline did not parse, or a pass in it failed.
    Pipeline,
    /// A pass or pattern body returned an error, or a driver it ran failed.
    Pass,
    /// A rewrite was refused (a value out of the pattern's scope, a
    /// replacement that does not fit).
    Rewrite,
    /// Registering a pass or pattern failed (a name taken, a bad name).
    Registration,
    /// The JIT could not compile, load or call.
    Jit,
    /// An error of melior's.
    Melior,
    /// An error a user's pass or pattern body made from a message.
    Other,
}

/// An error of rmlir's API: its kind, a one-line message, and MLIR's
/// diagnostics (`location: severity: message`), in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    diagnostics: Vec<String>,
    op: Option<&'static str>,
}

impl Error {
    /// An error of `kind` saying `message`, with no diagnostics.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Error {
        Error {
            kind,
            message: message.into(),
            diagnostics: Vec::new(),
            op: None,
        }
    }

    /// The same error carrying `diagnostics`.
    pub fn with_diagnostics(mut self, diagnostics: Vec<String>) -> Error {
        self.diagnostics = diagnostics;
        self
    }

    /// A builder's error: building `op` failed.
    pub fn build(op: &'static str, diagnostics: Vec<String>) -> Error {
        Error {
            kind: ErrorKind::Build,
            message: format!("cannot build `{op}`"),
            diagnostics,
            op: Some(op),
        }
    }

    /// What kind of thing failed.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// What went wrong, in one line.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// MLIR's diagnostics emitted meanwhile, in order.
    pub fn diagnostics(&self) -> &[String] {
        &self.diagnostics
    }

    /// The op a builder failed to build (`toy.add`), for
    /// [`ErrorKind::Build`].
    pub fn op(&self) -> Option<&'static str> {
        self.op
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        for d in &self.diagnostics {
            write!(f, "\n  {d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}

impl From<String> for Error {
    fn from(message: String) -> Error {
        Error::new(ErrorKind::Other, message)
    }
}

impl From<&str> for Error {
    fn from(message: &str) -> Error {
        Error::new(ErrorKind::Other, message)
    }
}

impl From<melior::Error> for Error {
    fn from(error: melior::Error) -> Error {
        Error::new(ErrorKind::Melior, error.to_string())
    }
}

impl From<Error> for String {
    fn from(error: Error) -> String {
        error.to_string()
    }
}

/// The result of rmlir's API.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_prints_its_message_then_each_diagnostic() {
        let e = Error::new(ErrorKind::Pipeline, "pass pipeline `x` failed")
            .with_diagnostics(vec!["loc: error: one".into(), "loc: note: two".into()]);
        assert_eq!(
            e.to_string(),
            "pass pipeline `x` failed\n  loc: error: one\n  loc: note: two"
        );
        assert_eq!(e.kind(), ErrorKind::Pipeline);
        assert_eq!(e.op(), None);
    }

    #[test]
    fn a_build_error_names_its_op() {
        let e = Error::build("toy.add", vec![]);
        assert_eq!(e.op(), Some("toy.add"));
        assert_eq!(e.kind(), ErrorKind::Build);
        assert_eq!(e.to_string(), "cannot build `toy.add`");
    }

    #[test]
    fn messages_and_melior_errors_convert() {
        let e: Error = "no".into();
        assert_eq!(e.kind(), ErrorKind::Other);
        let e: Error = melior::Error::PositionOutOfBounds {
            name: "operand",
            value: "op".into(),
            index: 3,
        }
        .into();
        assert_eq!(e.kind(), ErrorKind::Melior);
        assert!(e.to_string().contains("operand"), "{e}");
        fn takes(_: &dyn std::error::Error) {}
        takes(&e);
    }
}
