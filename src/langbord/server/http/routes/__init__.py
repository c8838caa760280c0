"""The API's routes, one ``APIRouter`` per group (``create_app`` includes them all)."""
