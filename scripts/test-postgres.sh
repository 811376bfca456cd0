#!/usr/bin/env bash
echo "PostgreSQL server tests: not wired yet (skipped)"
