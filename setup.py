"""The one thing pyproject.toml cannot say: the solver's optional C core.

``optional=True``: on a machine without a C compiler the build goes on
without it, and the solver runs its pure-Python search instead."""
from setuptools import Extension, setup

setup(ext_modules=[Extension("pnp.solver._orchard", ["pnp/solver/_orchard.c"], optional=True,
                             extra_compile_args=["-O3"])])
