"""Builds the judge. setup.cfg says everything but one step: the top-level ``grammar/``
and ``templates/`` folders (their source) are copied into the built package, as
``judge/grammar`` and ``judge/templates``, where ``judge.resources`` reads them with
importlib.resources. Every file in them is copied, so new grammars and templates need
no listing anywhere."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
SHIPPED = ("grammar", "templates", "docs")  # as judge.resources.SHIPPED


class BuildPyWithShippedFolders(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the source folders in place
        for name in SHIPPED:
            shutil.copytree(ROOT / name, Path(self.build_lib) / "judge" / name,
                            dirs_exist_ok=True,
                            ignore=shutil.ignore_patterns("__pycache__", "*.py[co]", ".*"))


setup(cmdclass={"build_py": BuildPyWithShippedFolders})
