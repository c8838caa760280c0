#!/usr/bin/env bash
# A PostgreSQL server for the server's tests, on this machine (installed with apt if missing):
# starts the cluster, creates the role and database, prints the URL to export as
# LANGBORD_TEST_POSTGRES. Needs root (as CI has).
#   export LANGBORD_TEST_POSTGRES="$(bash .ci/postgres.sh)"
set -euo pipefail
if ! ls /usr/lib/postgresql/*/bin/postgres > /dev/null 2>&1; then
  apt-get update -qq > /dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql > /dev/null
fi
version="$(ls /usr/lib/postgresql | sort -n | tail -1)"
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main > /dev/null
fi
pg_ctlcluster "$version" main start > /dev/null 2>&1 || true
for _ in $(seq 1 30); do
  pg_isready -q -h 127.0.0.1 && break
  sleep 1
done
cd /
su postgres -c "psql -qtc \"SELECT 1 FROM pg_roles WHERE rolname = 'langbord'\"" | grep -q 1 ||
  su postgres -c "psql -qc \"CREATE ROLE langbord LOGIN PASSWORD 'langbord' CREATEDB\"" > /dev/null
su postgres -c "psql -qtc \"SELECT 1 FROM pg_database WHERE datname = 'langbord_test'\"" | grep -q 1 ||
  su postgres -c "createdb -O langbord langbord_test" > /dev/null
echo "postgresql+psycopg://langbord:langbord@127.0.0.1:5432/langbord_test"
