"""The one thing pyproject.toml cannot say: the solver's optional C cores.

``optional=True``: on a machine without a C compiler the build goes on
without them, and the solver runs its pure-Python search instead. That also
means a C file that does not compile leaves an older build in place with
only a warning: each core carries the digest of the sources it was built
from (``SOURCE_DIGEST``), and a test compares it with the sources next to it."""
import hashlib
from pathlib import Path

from setuptools import Extension, setup

HERE = Path(__file__).parent
HEADER = "pnp/solver/_core.h"


def core(name: str, sources: list[str]) -> Extension:
    digest = hashlib.sha256(b"".join((HERE / s).read_bytes() for s in sources)).hexdigest()[:16]
    return Extension(f"pnp.solver.{name}", sources[:1], optional=True, extra_compile_args=["-O3"],
                     depends=sources[1:], define_macros=[("SOURCE_DIGEST", f'"{digest}"')])


setup(ext_modules=[core("_orchard", ["pnp/solver/_orchard.c", HEADER]),
                   core("_grove", ["pnp/solver/_grove.c", HEADER])])
