// The shared work queue: how files are split between threads and taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkQueue } from '../../src/engine/workers/work-queue.ts';

const files = Array.from({ length: 20 }, (_, i) => `d${String(Math.floor(i / 5))}/f${String(i).padStart(2, '0')}`);

test('each thread starts on its own run of whole directories, in path order', () => {
  const queue = WorkQueue.plan([...files].reverse(), 2, () => 1);
  assert.deepEqual(queue.take(0), ['d0/f00', 'd0/f01', 'd0/f02', 'd0/f03']);
  assert.deepEqual(queue.take(1), ['d2/f10', 'd2/f11', 'd2/f12', 'd2/f13']);
});

test('runs are split by size, not by count', () => {
  const queue = WorkQueue.plan(files, 2, (f) => (f === 'd0/f00' ? 100 : 1));
  assert.deepEqual(queue.take(0), ['d0/f00']);
  assert.deepEqual(queue.take(1), ['d0/f01', 'd0/f02', 'd0/f03', 'd0/f04']);
});

test('a thread whose run is done takes from the back of the longest other run; every file is taken once', () => {
  const queue = WorkQueue.plan(files, 3, () => 1);
  const taken: string[] = [];
  // Thread 0 drains its own run (files 0-6), then steals the last files of run 2 (files 14-19).
  for (let batch = queue.take(0); batch.length; batch = queue.take(0)) {
    taken.push(...batch);
    if (taken.length === 7) break;
  }
  assert.deepEqual(taken, files.slice(0, 7));
  assert.deepEqual(queue.take(0), files.slice(16, 20));
  for (let thread = 1, idle = 0; idle < 3; thread = (thread + 1) % 3) {
    const batch = queue.take(thread);
    idle = batch.length ? 0 : idle + 1;
    taken.push(...batch);
  }
  taken.push(...files.slice(16, 20));
  assert.deepEqual([...taken].sort(), files);
});

test('a stopped queue gives nothing more, to any thread', () => {
  const queue = WorkQueue.plan(files, 2, () => 1);
  queue.take(0);
  queue.stop();
  assert.deepEqual(queue.take(0), []);
  assert.deepEqual(queue.take(1), []);
});

test('a queue rebuilt on its shared memory (as a worker does) sees what the other took', () => {
  const queue = WorkQueue.plan(files, 2, () => 1);
  const inWorker = new WorkQueue(queue.files, queue.shared);
  assert.deepEqual(inWorker.take(0), ['d0/f00', 'd0/f01', 'd0/f02', 'd0/f03']);
  assert.deepEqual(queue.take(0), ['d0/f04', 'd1/f05', 'd1/f06', 'd1/f07']);
});
