"""The command line's layout holds: each command group is its own module that no other group imports
(they share only app/cli/common.py), every subcommand runs a function of the group that registers it,
and the answering core (app/core) depends on none of its front ends."""
from __future__ import annotations

import argparse

import app.cli
from source_imports import imports, modules

FRONT_ENDS = ("app.cli", "app.ui", "app.api")
ASSEMBLY = {"app.cli", "app.cli.__main__"}      # build_parser and main, and `python -m app.cli`
COMMON = "app.cli.common"                       # the one module the groups share


def _cli_modules() -> dict[str, object]:
    """Module name → path of every module of the command line."""
    return {name.removesuffix(".__init__"): path for path, name in modules("app/cli")}


def _imported(path, module: str, known) -> set[str]:
    """The modules a file imports: `from p import m` names the module p.m where p.m is one."""
    out = set()
    for target, names in imports(path, module):
        out |= {f"{target}.{n}" if f"{target}.{n}" in known else target for n in names} or {target}
    return out


def test_a_command_group_imports_no_other_group():
    """The helpers (common) import no group either, so a group can move or go without touching another."""
    cli = _cli_modules()
    offenders = [f"{module} imports {target}" for module, path in cli.items() if module not in ASSEMBLY
                 for target in _imported(path, module, cli)
                 if (target == "app.cli" or target.startswith("app.cli.")) and target not in (COMMON, module)]
    assert not offenders, offenders


def _reaches(path, module: str, packages) -> list[str]:
    """The imports of a file that name a module of one of the packages (or the package itself)."""
    return [f"{module} imports {name}" for target, names in imports(path, module)
            for name in sorted({target} | {f"{target}.{n}" for n in names})
            if any(name == p or name.startswith(p + ".") for p in packages)]


def test_the_answering_core_and_the_libraries_import_no_front_end():
    offenders = [o for package in ("app/core", "kb", "engine") for path, module in modules(package)
                 for o in _reaches(path, module, FRONT_ENDS)]
    assert not offenders, offenders


def test_nothing_else_in_the_app_imports_the_command_line():
    """The web page, the API and the benchmark run beside the command line, never through it."""
    offenders = [o for path, module in modules("app") if not module.startswith("app.cli.")
                 for o in _reaches(path, module, ("app.cli",))]
    assert not offenders, offenders


def test_a_front_end_imports_no_other_front_end():
    """What a player reads is built once in the core (app/core/present.py) for the page, the command line's
    text and the API's messages alike; no front end reaches into another's code — except that `arbiter
    serve` (app/cli/serve.py) is how the API is started."""
    offenders = [o for front in FRONT_ENDS for path, module in modules(front.replace(".", "/"))
                 for o in _reaches(path, module, tuple(f for f in FRONT_ENDS if f != front))
                 if not (module == "app.cli.serve" and " imports app.api.server" in o)]
    assert not offenders, offenders


def _commands(parser: argparse.ArgumentParser, prefix: tuple = ()) -> dict[tuple, object]:
    """Every runnable command path (e.g. ("kb", "check")) with the function it runs; a command with
    subcommands of its own runs none (it prints the help)."""
    out = {}
    groups = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]   # argparse lists them nowhere else
    for action in groups:
        for name, child in action.choices.items():
            out |= _commands(child, prefix + (name,))
    if not groups and prefix:
        out[prefix] = parser.get_default("func")
    return out


def test_every_subcommand_runs_a_function_of_the_group_that_registers_it():
    groups = set(_cli_modules()) - ASSEMBLY - {COMMON}
    assert {g.__name__ for g in app.cli.GROUPS} == groups, "every group module is assembled, once"
    registered = {}
    for group in app.cli.GROUPS:
        parser = argparse.ArgumentParser()
        group.register(parser.add_subparsers(), argparse.ArgumentParser(add_help=False))
        commands = _commands(parser)
        assert commands, f"{group.__name__} registers no command"
        for path, func in commands.items():
            assert callable(func), f"{' '.join(path)} runs nothing"
            assert func.__module__ == group.__name__, f"{' '.join(path)} runs {func.__module__}.{func.__name__}"
            assert path not in registered, f"{' '.join(path)} registered twice"
            registered[path] = func
    assert _commands(app.cli.build_parser()) == registered
