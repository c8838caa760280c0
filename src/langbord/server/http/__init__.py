"""The HTTP and WebSocket API (FastAPI): :func:`langbord.server.http.app.create_app` assembles
it from one router per group of routes (``routes/``), the request and answer shapes
(``schemas``), what a route is given (``deps``), the body limits (``middleware``), the
WebSocket pushes (``hub``) and the statuses of refusals (``statuses``); ``langbord serve``
runs it (:mod:`langbord.server.serving`).

Every error is a JSON ``{"detail": …}`` with a 4xx status: 400 an illegal action (the engine's
message), 401 a missing or unknown token, 403 a token of another table, 404 no such table, 409
a move that is not (or no longer) this seat's to make (or a table over or abandoned), 413 a body
over 64 KiB, 422 a body of the wrong shape or not strict JSON (``langbord.server.inputs``:
non-finite or huge numbers, text that is not valid Unicode or holds NUL, deep nesting; ``loc``
names the field), 429 too many tables, joins or moves from one address, or chat messages from
one seat (``Retry-After`` says when to try again; see ``guards``); 503 (with ``Retry-After``) a
database that cannot take the change now (busy, read-only, full), or a server that runs its most
analyses at once, nothing changed.

Besides the tables: "why not?" (``POST /api/tables/{id}/why``, :mod:`langbord.server.why`), the
tutorials (``/api/tutorials``, :mod:`langbord.server.learn`) and finished games' analyses
(``/api/tables/{id}/analysis``, :mod:`langbord.server.analyses`).
"""
