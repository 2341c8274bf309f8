//! Passes registered at run time from safe Rust: a name, a description and
//! a closure. They join MLIR's pass registry, so pipeline strings name them
//! like any pass; the closure runs under the panic guard, and an `Err` is
//! an error diagnostic at the op and a pass failure. Names no dialect.
//!
//! The closure gets a [`PassScope`]: exclusive access to the op the pass
//! runs on and what it holds, nothing above or beside it (MLIR may run the
//! same pass on the op's siblings on other threads meanwhile).
//!
//! A pass may take options (`my-pass{factor=3 fold-after}`): a struct
//! implementing [`PassOptionSet`], most simply declared with
//! [`pass_options!`](crate::pass_options), and registered with
//! [`register_with_options`]. Options that do not parse (an unknown name,
//! a value of the wrong type) are refused when the pipeline is parsed.

use crate::error::{Error, ErrorKind};
pub use crate::hooks::model::{OptionKind, PassOption, PassOptions};
use crate::ir::guard::guard;
use crate::ir::scoped::OpRef;
use crate::ir::{Op, sref};
use crate::passes::parse_value;
use crate::rewrite::user_patterns::Pattern;
use crate::{bindings as b, diagnostics};
use melior::pass::PassManager;
use melior::{Context, ContextRef};
use mlir_sys::{MlirOperation, mlirOperationGetContext};
use std::marker::PhantomData;
use std::sync::Mutex;

/// A pass body: the scope of the op the pass runs on.
pub type PassBody = dyn for<'c> Fn(&mut PassScope<'c>) -> Result<(), Error> + Send + Sync;

/// A pass body with its options type erased: it builds them from the
/// parsed options.
type OptionsBody =
    dyn for<'c> Fn(&mut PassScope<'c>, &PassOptions) -> Result<(), Error> + Send + Sync;

/// The typed options of a pass registered with [`register_with_options`]:
/// which options pipelines may give the pass (each its name and
/// [`OptionKind`]), and how the struct is built from those given.
///
/// [`pass_options!`](crate::pass_options) declares such a struct; a manual
/// implementation keeps [`declared`](PassOptionSet::declared) and
/// [`from_options`](PassOptionSet::from_options) in step
/// ([`read_option`] reads one field).
pub trait PassOptionSet: Sized {
    /// The options, each its name as pipelines write it (kebab-case,
    /// `fold-after`) and its kind.
    fn declared() -> Vec<(String, OptionKind)>;

    /// The set that `options` (parsed against [`declared`](Self::declared))
    /// gives, defaults for the options not given; an `Err` names the
    /// option whose value is wrong (``invalid value `x` for option
    /// factor``).
    fn from_options(options: &PassOptions) -> Result<Self, String>;
}

/// No options: `register_with_options::<(), _>` registers a pass that takes
/// none, as [`register`] does.
impl PassOptionSet for () {
    fn declared() -> Vec<(String, OptionKind)> {
        Vec::new()
    }

    fn from_options(_: &PassOptions) -> Result<(), String> {
        Ok(())
    }
}

/// A type a pass option's value may have: its [`OptionKind`] and how it
/// parses.
///
/// Implemented for `bool` (a flag: `name`, `name=true`, `name=false`), the
/// integer and float types and `String` (text: `name=value`, parsed with
/// [`FromStr`](std::str::FromStr)), and `Vec<T>` of those (a list:
/// `name=a,b,c`; given, it replaces the default, and `name=` is empty).
pub trait OptionValue: Sized {
    /// How pipelines write the option.
    const KIND: OptionKind;

    /// The value of option `name` written `text` (a flag's `true` or
    /// `false`, a list's whole comma-separated text); an `Err` names the
    /// option: ``invalid value `x` for option name``.
    fn parse_option(name: &str, text: &str) -> Result<Self, String>;
}

impl OptionValue for bool {
    const KIND: OptionKind = OptionKind::Flag;

    fn parse_option(name: &str, text: &str) -> Result<bool, String> {
        match text {
            "true" | "1" => Ok(true),
            "false" | "0" => Ok(false),
            _ => Err(format!("invalid value `{text}` for option {name}")),
        }
    }
}

// `OptionValue` for types parsed with `FromStr`, as one text value.
macro_rules! text_option_values {
    ($($t:ty),* $(,)?) => {
        $(
            impl OptionValue for $t {
                const KIND: OptionKind = OptionKind::Text;

                fn parse_option(name: &str, text: &str) -> Result<$t, String> {
                    parse_value(name, text)
                }
            }
        )*
    };
}

text_option_values!(
    i8, i16, i32, i64, isize, u8, u16, u32, u64, usize, f32, f64, String
);

/// A list (`name=a,b,c`) of values of type `T`, each parsed as `T` (a
/// flag's or text's value; empty items are skipped).
impl<T: OptionValue> OptionValue for Vec<T> {
    const KIND: OptionKind = OptionKind::List;

    fn parse_option(name: &str, text: &str) -> Result<Vec<T>, String> {
        text.split(',')
            .filter(|item| !item.is_empty())
            .map(|item| T::parse_option(name, item))
            .collect()
    }
}

/// The name pipelines give the option a field named `field` declares:
/// underscores become dashes (`fold_after` is `fold-after`), and a raw
/// identifier's `r#` goes.
pub fn option_name(field: &str) -> String {
    field.trim_start_matches("r#").replace('_', "-")
}

/// Sets `slot` to the value `options` gives the option of field `field`
/// (named by [`option_name`]), when it gives one.
pub fn read_option<T: OptionValue>(
    options: &PassOptions,
    field: &str,
    slot: &mut T,
) -> Result<(), String> {
    let name = option_name(field);
    if let Some(text) = options.text(&name) {
        *slot = T::parse_option(&name, text)?;
    }
    Ok(())
}

/// Declares a struct of pass options, for
/// [`register_with_options`](crate::passes::user_passes::register_with_options)
/// (`rmlir::pipeline::register_pass_with_options`): each field
/// `name: Type = default` is an option the pipelines write with dashes for
/// underscores (`fold_after` is `fold-after`), whose type implements
/// [`OptionValue`](crate::passes::user_passes::OptionValue) (flags, numbers, text,
/// lists of those).
///
/// The struct gets public fields (with their docs and attributes), the
/// attributes given to it, `#[derive(Debug, Clone, PartialEq)]` (so every
/// field's type needs those), a `Default` with the defaults, and
/// [`PassOptionSet`](crate::passes::user_passes::PassOptionSet).
///
/// ```
/// use rmlir_bridge::model::{OptionKind, PassOption, PassOptions};
/// use rmlir_bridge::user_passes::PassOptionSet;
///
/// rmlir_bridge::pass_options! {
///     /// Options of my pass.
///     pub struct ScaleOptions {
///         /// What to multiply by.
///         factor: i64 = 2,
///         /// Also fold afterwards.
///         fold_after: bool = false,
///         /// Ops to skip.
///         skip: Vec<String> = Vec::new(),
///     }
/// }
///
/// let declared = ScaleOptions::declared();
/// assert_eq!(declared[1], ("fold-after".to_string(), OptionKind::Flag));
/// let accepted = [PassOption::text("factor"), PassOption::flag("fold-after"), PassOption::list("skip")];
/// let given = PassOptions::parse("factor=-3 skip=a,b", &accepted).unwrap();
/// let options = ScaleOptions::from_options(&given).unwrap();
/// assert_eq!(options, ScaleOptions { factor: -3, skip: vec!["a".into(), "b".into()], ..Default::default() });
/// let wrong = PassOptions::parse("factor=x", &accepted).unwrap();
/// assert_eq!(ScaleOptions::from_options(&wrong).unwrap_err(), "invalid value `x` for option factor");
/// ```
#[macro_export]
macro_rules! pass_options {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$field_meta:meta])*
                $field:ident : $ty:ty = $default:expr
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq)]
        $vis struct $name {
            $(
                $(#[$field_meta])*
                pub $field: $ty,
            )*
        }

        #[allow(clippy::derivable_impls)]
        impl ::core::default::Default for $name {
            fn default() -> Self {
                $name {
                    $($field: $default,)*
                }
            }
        }

        impl $crate::user_passes::PassOptionSet for $name {
            fn declared() -> ::std::vec::Vec<(
                ::std::string::String,
                $crate::model::OptionKind,
            )> {
                ::std::vec![
                    $((
                        $crate::user_passes::option_name(::core::stringify!($field)),
                        <$ty as $crate::user_passes::OptionValue>::KIND,
                    ),)*
                ]
            }

            #[allow(unused_mut, unused_variables)]
            fn from_options(
                options: &$crate::model::PassOptions,
            ) -> ::core::result::Result<Self, ::std::string::String> {
                let mut parsed = <$name as ::core::default::Default>::default();
                $(
                    $crate::user_passes::read_option(
                        options,
                        ::core::stringify!($field),
                        &mut parsed.$field,
                    )?;
                )*
                ::core::result::Result::Ok(parsed)
            }
        }
    };
}

/// Exclusive access to the op a pass runs on and what it holds, for the
/// pass's run (`'c`).
///
/// Every IR handle is borrowed from it ([`op`](PassScope::op), then what
/// that leads to, never above it), and the drivers that change the IR
/// ([`apply_greedily`](PassScope::apply_greedily)) borrow it mutably: no
/// handle taken before a driver runs can be used after it.
///
/// ```compile_fail
/// fn body(pass: &mut rmlir_bridge::user_passes::PassScope<'_>) -> Result<(), rmlir_bridge::error::Error> {
///     let first = pass.op().region(0).and_then(|r| r.first_block()).and_then(|b| b.first_op());
///     pass.apply_greedily(&[])?; // error: `pass` is borrowed by `first`
///     println!("{first:?}");
///     Ok(())
/// }
/// ```
pub struct PassScope<'c> {
    root: MlirOperation,
    /// The context, lent out as `&'c Context` (the scope outlives every
    /// call of the pass body it is lent to).
    context: ContextRef<'c>,
    _run: PhantomData<&'c mut ()>,
}

impl<'c> PassScope<'c> {
    /// The op the pass runs on: the top of what the pass may see (its
    /// [`parent_op`](OpRef::parent_op) is None).
    pub fn op(&self) -> OpRef<'_> {
        // SAFETY: the root is live for the pass run, and the handle is
        // bounded by this borrow of the scope, which drivers borrow mutably.
        let op = unsafe { Op::from_raw(self.root) }.expect("a live pass op");
        OpRef::new(op, op)
    }

    /// The context, to make types and attributes in (not borrowed from the
    /// scope: they can be kept across driver runs).
    pub fn context(&self) -> &'c Context {
        // SAFETY: `to_ref` lends the ContextRef's own storage as a Context;
        // the scope holding it outlives the pass body's call, the only place
        // a `PassScope<'c>` is reachable (the body is `for<'c>`), and it
        // cannot be moved out from behind `&mut`.
        unsafe { self.context.to_ref() }
    }

    /// Applies `patterns`, and folding, to the regions of the op until
    /// nothing changes (MLIR's greedy driver, as upstream passes use it).
    /// Fails when a pattern panicked (an error diagnostic at the op it was
    /// matching says why) or the driver did not converge.
    pub fn apply_greedily(&mut self, patterns: &[Pattern]) -> Result<(), Error> {
        // SAFETY: the root is live for the pass run; `&mut self` means no
        // handle of the scope is alive across the run.
        let root = unsafe { Op::from_raw(self.root) }.expect("a live pass op");
        crate::rewrite::user_patterns::apply_greedily(root, patterns)
    }
}

struct Entry {
    argument: &'static str,
    /// The options the pass accepts (none: it takes no options).
    options: &'static [PassOption],
    /// Builds the pass's options from those given: refuses values of the
    /// wrong type when the pipeline is parsed.
    validate: fn(&PassOptions) -> Result<(), String>,
    body: Box<OptionsBody>,
}

/// The registered passes, in order; ids follow the descriptor's passes.
static ENTRIES: Mutex<Vec<&'static Entry>> = Mutex::new(Vec::new());

fn entry(index: usize) -> Option<&'static Entry> {
    ENTRIES.lock().ok()?.get(index).copied()
}

/// True when a pipeline may name `argument`: it parses as a pass.
fn is_registered(argument: &str) -> bool {
    let context = melior::Context::new();
    let pm = PassManager::new(&context);
    let (parsed, _) = diagnostics::capture(&context, || {
        melior::utility::parse_pass_pipeline(
            pm.as_operation_pass_manager(),
            &format!("builtin.module({argument})"),
        )
    });
    parsed.is_ok()
}

/// Registers a pass named `argument` whose body is `body`. The pass takes no
/// options ([`register_with_options`] declares some). Fails when the name
/// is not a pass name or is taken (MLIR aborts on a duplicate).
pub fn register(argument: &str, description: &str, body: Box<PassBody>) -> Result<(), Error> {
    let body = erase(move |scope, _| body(scope));
    register_entry(argument, description, Vec::new(), |_| Ok(()), body)
}

/// Registers a pass named `argument` whose body is `body`, taking the
/// options `O` declares (`argument{name=value ...}` in pipelines). The body
/// gets them built, defaults for those not
/// given; options that do not build (an unknown name, a value of the wrong
/// type) are refused when the pipeline is parsed. Fails when the name is
/// not a pass name or is taken, or `O` declares an option name twice or
/// one that is no option name (letters, digits, `-` and `_`, starting
/// with a letter).
pub fn register_with_options<O, F>(argument: &str, description: &str, body: F) -> Result<(), Error>
where
    O: PassOptionSet + 'static,
    F: for<'c> Fn(&mut PassScope<'c>, &O) -> Result<(), Error> + Send + Sync + 'static,
{
    let body = erase(move |scope, options| {
        let options = O::from_options(options).map_err(|m| Error::new(ErrorKind::Pass, m))?;
        body(scope, &options)
    });
    register_entry(argument, description, O::declared(), validate::<O>, body)
}

/// Whether `options` builds an `O`.
fn validate<O: PassOptionSet>(options: &PassOptions) -> Result<(), String> {
    O::from_options(options).map(|_| ())
}

/// `body`, boxed (a generic bound, so that closures are inferred
/// higher-ranked).
fn erase<F>(body: F) -> Box<OptionsBody>
where
    F: for<'c> Fn(&mut PassScope<'c>, &PassOptions) -> Result<(), Error> + Send + Sync + 'static,
{
    Box::new(body)
}

fn register_entry(
    argument: &str,
    description: &str,
    options: Vec<(String, OptionKind)>,
    validate: fn(&PassOptions) -> Result<(), String>,
    body: Box<OptionsBody>,
) -> Result<(), Error> {
    let refused = |m: String| Error::new(ErrorKind::Registration, m);
    let valid = argument.starts_with(|c: char| c.is_ascii_lowercase())
        && argument
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !valid {
        return Err(refused(format!(
            "`{argument}` is no pass name (lowercase letters, digits, `-` and `_`, starting with a letter)"
        )));
    }
    for (i, (name, _)) in options.iter().enumerate() {
        let valid = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !valid {
            return Err(refused(format!(
                "`{name}` (of pass `{argument}`) is no option name (letters, digits, `-` and `_`, starting with a letter)"
            )));
        }
        if options[..i].iter().any(|(other, _)| other == name) {
            return Err(refused(format!(
                "pass `{argument}` declares option `{name}` twice"
            )));
        }
    }
    // Held across the name check and the registration: no pipeline parses
    // meanwhile (MLIR's registry is a plain global map).
    let _writing = crate::passes::pass_registry_write();
    if is_registered(argument) {
        return Err(refused(format!(
            "a pass named `{argument}` is already registered"
        )));
    }
    let argument: &'static str = Box::leak(argument.to_owned().into_boxed_str());
    let description: &'static str = Box::leak(description.to_owned().into_boxed_str());
    let options: &'static [PassOption] = Box::leak(
        options
            .into_iter()
            .map(|(name, kind)| PassOption {
                name: Box::leak(name.into_boxed_str()),
                kind,
            })
            .collect::<Vec<_>>()
            .into_boxed_slice(),
    );
    let id = {
        let mut entries = ENTRIES
            .lock()
            .map_err(|_| refused("the pass table is poisoned".into()))?;
        entries.push(Box::leak(Box::new(Entry {
            argument,
            options,
            validate,
            body,
        })));
        crate::hooks::USER | (entries.len() as u32 - 1)
    };
    let desc = b::RmlirPassDesc {
        passId: id,
        argument: sref(argument),
        description: sref(description),
        opName: sref(""),
        dependentDialects: std::ptr::null(),
        numDependentDialects: 0,
    };
    crate::hooks::USER_PASSES.get_or_init(|| crate::hooks::UserPasses { check_options, run });
    // SAFETY: the strings are leaked ('static), no dependent dialects; the
    // registry lock is held for writing.
    unsafe { b::rmlirBridgeRegisterPass(crate::hooks::table(), desc) };
    Ok(())
}

/// Options given to pass `index`, checked when a pipeline is parsed: those
/// it declares, with values that build its options.
fn check_options(index: usize, options: &str) -> Result<(), String> {
    let e = entry(index).ok_or("no such pass")?;
    if e.options.is_empty() {
        return if options.trim().is_empty() {
            Ok(())
        } else {
            Err(format!("pass `{}` takes no options", e.argument))
        };
    }
    (e.validate)(&PassOptions::parse(options, e.options)?)
}

/// Runs pass `index` on `op`, with the options written `options`.
fn run(index: usize, op: Op, options: &str) -> bool {
    let Some(e) = entry(index) else {
        return false;
    };
    // Checked when the pipeline was parsed; an error here all the same.
    let options = match PassOptions::parse(options, e.options) {
        Ok(options) => options,
        Err(message) => {
            op.emit_error(&message);
            return false;
        }
    };
    guard(
        e.argument,
        || Some(op.location()),
        false,
        || {
            // The op is live for the pass run, and the pass owns it (MLIR
            // hands a pass exclusive access to its op).
            let mut scope = PassScope {
                root: op.raw(),
                // SAFETY: the op is live; its context outlives the pass run.
                context: unsafe { ContextRef::from_raw(mlirOperationGetContext(op.raw())) },
                _run: PhantomData,
            };
            match (e.body)(&mut scope, &options) {
                Ok(()) => true,
                Err(error) => {
                    op.emit_error(&error.to_string());
                    false
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::pass_options! {
        /// Options of every kind.
        struct AllKinds {
            /// A number.
            factor: i64 = 2,
            /// A flag on by default.
            fold_after: bool = true,
            /// A list.
            skip: Vec<String> = vec!["x".to_string()],
            /// A float.
            scale: f64 = 0.5,
            /// Text.
            r#mode: String = String::new(),
        }
    }

    /// What `text` gives, parsed as a pipeline would.
    fn parsed(text: &str) -> Result<AllKinds, String> {
        let declared: Vec<PassOption> = AllKinds::declared()
            .into_iter()
            .map(|(name, kind)| PassOption {
                name: Box::leak(name.into_boxed_str()),
                kind,
            })
            .collect();
        AllKinds::from_options(&PassOptions::parse(text, &declared)?)
    }

    #[test]
    fn scalars_parse_and_wrong_values_name_the_option() {
        assert_eq!(i64::parse_option("n", "-3"), Ok(-3));
        assert_eq!(u8::parse_option("n", "255"), Ok(255));
        assert_eq!(
            u8::parse_option("n", "256"),
            Err("invalid value `256` for option n".to_string())
        );
        assert_eq!(
            u32::parse_option("n", "-1"),
            Err("invalid value `-1` for option n".to_string())
        );
        assert_eq!(f32::parse_option("x", "1.5"), Ok(1.5));
        assert_eq!(String::parse_option("s", "a b"), Ok("a b".to_string()));
        assert_eq!(bool::parse_option("f", "true"), Ok(true));
        assert_eq!(bool::parse_option("f", "0"), Ok(false));
        assert_eq!(
            bool::parse_option("f", "yes"),
            Err("invalid value `yes` for option f".to_string())
        );
    }

    #[test]
    fn lists_split_on_commas_and_check_each_item() {
        assert_eq!(Vec::<i32>::parse_option("l", "1,-2,,3"), Ok(vec![1, -2, 3]));
        assert_eq!(Vec::<String>::parse_option("l", ""), Ok(Vec::new()));
        assert_eq!(
            Vec::<u16>::parse_option("l", "1,x"),
            Err("invalid value `x` for option l".to_string())
        );
    }

    #[test]
    fn kinds_follow_the_types() {
        assert_eq!(bool::KIND, OptionKind::Flag);
        assert_eq!(usize::KIND, OptionKind::Text);
        assert_eq!(String::KIND, OptionKind::Text);
        assert_eq!(Vec::<bool>::KIND, OptionKind::List);
    }

    #[test]
    fn the_macro_declares_kebab_case_names_and_kinds() {
        assert_eq!(
            AllKinds::declared(),
            [
                ("factor".to_string(), OptionKind::Text),
                ("fold-after".to_string(), OptionKind::Flag),
                ("skip".to_string(), OptionKind::List),
                ("scale".to_string(), OptionKind::Text),
                ("mode".to_string(), OptionKind::Text),
            ]
        );
        assert!(<() as PassOptionSet>::declared().is_empty());
    }

    #[test]
    fn the_macro_builds_from_defaults_and_given_options() {
        let defaults = parsed("").unwrap();
        assert_eq!(defaults, AllKinds::default());
        assert_eq!(defaults.factor, 2);
        assert!(defaults.fold_after);
        assert_eq!(defaults.skip, ["x"]);
        let given =
            parsed("factor=-7 fold-after=false skip=a,b scale=2 mode=fast factor=9").unwrap();
        assert_eq!(
            given,
            AllKinds {
                factor: 9,
                fold_after: false,
                skip: vec!["a".into(), "b".into()],
                scale: 2.0,
                mode: "fast".into(),
            }
        );
        assert!(parsed("skip=").unwrap().skip.is_empty());
        assert_eq!(
            parsed("factor=x").unwrap_err(),
            "invalid value `x` for option factor"
        );
        assert_eq!(
            parsed("scale=fast").unwrap_err(),
            "invalid value `fast` for option scale"
        );
        assert_eq!(parsed("nope=1").unwrap_err(), "no such option nope");
    }

    #[test]
    fn option_names_are_kebab_case() {
        assert_eq!(option_name("fold_after"), "fold-after");
        assert_eq!(option_name("r#type"), "type");
        assert_eq!(option_name("max"), "max");
    }
}
