# syntax=docker/dockerfile:1
# Tavolo: the Discord card-table bot (README: "Deploying").
#   docker build -t tavolo .
#   docker run -e DISCORD_TOKEN=... -v tavolo-data:/data tavolo

# Both stages on the same Python, so the virtualenv built in one runs in the other.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm

# Build: the locked dependencies into a virtualenv, then the project over them. The
# virtualenv has no pip of its own (the image's pip installs into it), so it holds exactly
# the lock and the project.
FROM ${PYTHON_IMAGE} AS build

ENV PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

RUN python -m venv --without-pip /opt/venv

# Only the lock first: this layer is rebuilt when the lock changes, not when the code does.
COPY requirements.lock /tmp/requirements.lock
RUN pip --python /opt/venv/bin/python install --require-hashes --no-deps \
    -r /tmp/requirements.lock

# The project itself, without dependencies: the lock brought them all.
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot ./bot
RUN pip --python /opt/venv/bin/python install --no-deps .

# Run: the virtualenv on a slim Python, as a user without privileges.
FROM ${PYTHON_IMAGE} AS runtime

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH

RUN groupadd --gid 10001 tavolo \
    && useradd --create-home --uid 10001 --gid tavolo tavolo \
    && mkdir -p /data \
    && chown tavolo:tavolo /data

COPY --from=build /opt/venv /opt/venv

# The database (and the heartbeat record beside it) live on a volume, and so does the cache
# folder (the pictures' palette, learnt at a version's first start); every other setting
# comes from the environment (TAVOLO_<SECTION>__<KEY>, and DISCORD_TOKEN), or from a config
# file mounted at /app/config.toml.
ENV TAVOLO_DATABASE__PATH=/data/tavolo.sqlite3 \
    XDG_CACHE_HOME=/data/cache
VOLUME ["/data"]
WORKDIR /app
USER 10001:10001

# Healthy while the gateway acknowledged a heartbeat within [health] max_age (90 s).
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
    CMD ["python", "-m", "bot", "health"]

CMD ["python", "-m", "bot"]
