"""The game server (``langbord serve``): tables, seats, bots and a durable move log over HTTP
and WebSocket, on SQLite or PostgreSQL. Needs the extra: ``pip install 'langbord[server]'``."""
