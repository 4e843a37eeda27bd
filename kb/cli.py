"""The `kb` command: parses arguments, runs one command, turns user errors into one-line messages."""

from __future__ import annotations

import argparse
import os
import sys
from importlib import import_module

from kb import __version__
from kb.errors import KbError, KbErrors
from kb.sanitize import visible

COMMANDS = {
    "build": "build the site from content/ (and a CR file, if given)",
    "check": "validate content/ and run its examples, without building",
    "serve": "live preview: rebuilds the pages an edit to content/ touches",
    "fetch": "download the current CR and Scryfall bulk files into a local cache",
    "rules-stats": "print statistics of a Comprehensive Rules file as JSON",
    "search": "search the built site's offline index from a terminal",
    "show": "print one rule, card, glossary term or ruling with its links",
    "bundle": "write the built site as one ZIP to carry and open offline, the terminal index beside it",
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(prog="kb", description="Magic: The Gathering rulings knowledge base generator.")
    parser.add_argument("--version", action="version", version=f"kb {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # Only the command being run is imported: `kb search` must not pay for mkdocs and the engine.
    chosen = next((arg for arg in argv if not arg.startswith("-")), None)
    for name, help_text in COMMANDS.items():
        sub = commands.add_parser(name, help=help_text, description=help_text)
        if name == chosen:
            module = import_module(f"kb.commands.{name.replace('-', '_')}")
            module.add_arguments(sub)
            sub.set_defaults(run=module.run)
    args = parser.parse_args(argv)
    try:
        status = args.run(args)
        sys.stdout.flush()  # a closed pipe shows here, where it is handled, not at exit
        return status
    except BrokenPipeError:
        # The reader stopped (`kb search x | head`): end quietly, as other tools do.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except KbErrors as e:
        for error in e.errors:
            print(f"error: {visible(str(error))}", file=sys.stderr)
        return 1
    except KbError as e:
        print(f"error: {visible(str(e))}", file=sys.stderr)
        return 1
    except OSError as e:  # the machine's fault, not the input's: a full disk, a read-only folder, a folder where a file should be
        where = f"{e.filename}: " if e.filename else ""
        print(f"error: {where}{e.strerror or e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
