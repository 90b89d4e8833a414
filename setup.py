"""The one thing pyproject.toml cannot say: the solver's optional C core.

``optional=True``: on a machine without a C compiler the build goes on
without it, and the solver runs its pure-Python search instead. That also
means a C file that does not compile leaves an older build in place with
only a warning: the core carries the digest of the source it was built from
(``SOURCE_DIGEST``), and a test compares it with the source next to it."""
import hashlib
from pathlib import Path

from setuptools import Extension, setup

SOURCE = "pnp/solver/_orchard.c"
DIGEST = hashlib.sha256((Path(__file__).parent / SOURCE).read_bytes()).hexdigest()[:16]

setup(ext_modules=[Extension("pnp.solver._orchard", [SOURCE], optional=True, extra_compile_args=["-O3"],
                             define_macros=[("SOURCE_DIGEST", f'"{DIGEST}"')])])
