"""The tables' features, one concern a module, each given the live tables
(:class:`~langbord.server.tables.Tables`), the store and what else it needs, and none importing
another: a table's lifecycle (create, join, the lobby, abandonment), its moves (people's and
bots'), take-backs, chat, rematches, hints, "why not?" and looking at it (the table, its record,
its replay). What several of them need sits in :mod:`langbord.server.shared` and
:mod:`langbord.server.opening`; what they send, in :mod:`langbord.server.views`. The service
(:class:`~langbord.server.service.Service`) builds them and wires them together.

Every change is appended to the table's log in the database, committed before anyone is told of
it (``changed(table_id)``). Two processes that append the same move number collide on the log's
primary key; the loser reloads and is refused (``Conflict``). A write that cannot get the
database within its wait is refused (``Unavailable``) with nothing changed.
"""
