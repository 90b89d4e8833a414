"""The one thing pyproject.toml cannot say: the solver's optional C cores.

``optional=True``: on a machine without a C compiler the build goes on
without them, and the solver runs its pure-Python search instead. That also
means a C file that does not compile leaves an older build in place with
only a warning: each core carries the digest of the sources it was built
from (``SOURCE_DIGEST``), and a test compares it with the sources next to it.

And the published puzzle archive: ``build_py`` copies the repository's
``puzzles/`` into the package as ``pnp/data/puzzles`` (so an installed pnp
reads the archive wherever it runs) without a second copy in git."""
import hashlib
import shutil
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).parent
HEADERS = ["pnp/solver/_core.h", "pnp/solver/_search.h"]  # both cores include both


def core(name: str, sources: list[str]) -> Extension:
    digest = hashlib.sha256(b"".join((HERE / s).read_bytes() for s in sources)).hexdigest()[:16]
    return Extension(f"pnp.solver.{name}", sources[:1], optional=True, extra_compile_args=["-O3"],
                     depends=sources[1:], define_macros=[("SOURCE_DIGEST", f'"{digest}"')])


class build_py_with_archive(build_py):
    """``build_py``, then the archive ``puzzles/**.yaml`` into ``<build_lib>/pnp/data/puzzles``.
    Quietly nothing when there is no ``puzzles/`` (an sdist without it), and
    nothing in editable mode (pnp then reads the checkout's ``puzzles/``)."""

    def archive_files(self) -> list[tuple[Path, Path]]:
        src = HERE / "puzzles"
        if not src.is_dir() or getattr(self, "editable_mode", False):
            return []
        dst = Path(self.build_lib) / "pnp" / "data" / "puzzles"
        return [(f, dst / f.relative_to(src)) for f in sorted(src.rglob("*.yaml"))]

    def run(self):
        super().run()
        for src, dst in self.archive_files():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)

    def get_outputs(self, include_bytecode=True):
        return super().get_outputs(include_bytecode) + [str(dst) for _, dst in self.archive_files()]


setup(ext_modules=[core("_orchard", ["pnp/solver/_orchard.c", *HEADERS]),
                   core("_grove", ["pnp/solver/_grove.c", *HEADERS])],
      cmdclass={"build_py": build_py_with_archive})
