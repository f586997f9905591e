"""The reference server: the whole service spec over one SQLite file, with fault injection.

A separate program that happens to live in the package: it shares no code with the client
side (api/store/services/ui), so contract tests between the two mean something.
"""
