# Tavolo: the Discord card-table bot.
#   docker build -t tavolo .
#   docker run -e DISCORD_TOKEN=... -v tavolo-data:/data tavolo
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
RUN pip install . \
    && useradd --create-home --uid 10001 tavolo \
    && mkdir -p /data \
    && chown tavolo:tavolo /data

USER tavolo
# The database lives on a volume; every other setting comes from the environment
# (TAVOLO_<SECTION>__<KEY>, and DISCORD_TOKEN), or from a config file mounted at /app/config.toml.
ENV TAVOLO_DATABASE__PATH=/data/tavolo.sqlite3
VOLUME ["/data"]

CMD ["python", "-m", "bot"]
