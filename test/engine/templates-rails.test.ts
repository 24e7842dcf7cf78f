// Rails views as part of the flow (src/engine/templates/rails.ts, erb.ts): a controller action's
// instance variables reach the view it renders, implicitly at its end or by `render`, and a raw
// output of one the action tainted is reported on the view's line with the action's trace.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanSourceFiles, loadRuleSet } from '../../src/engine/index.ts';
import { templateSyntax } from '../../src/engine/templates/index.ts';
import { rubyRoots } from '../../src/engine/templates/erb.ts';
import type { Finding } from '../../src/engine/types.ts';

const rules = loadRuleSet();

async function scan(files: Record<string, string>): Promise<Finding[]> {
  const { findings } = await scanSourceFiles(
    Object.entries(files).map(([path, text]) => ({ path, content: Buffer.from(text) })),
    { rules, jobs: 1, includeTests: true },
  );
  return findings.filter((f) => f.type === 'XSS');
}

const where = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.ruleId}`).sort();

test('an action renders its own view at its end: a raw output of an instance variable it took from params is reported there', async () => {
  const findings = await scan({
    'app/controllers/comments_controller.rb': [
      'class CommentsController < ApplicationController',
      '  def index',
      '    @title = params[:title]',
      '    @page = params[:page].to_i',
      '    @total = Comment.where(story_id: params[:story]).count',
      '    @comments = Comment.where(story_id: params[:story])',
      '  end',
      'end',
    ].join('\n'),
    'app/views/comments/index.html.erb': [
      '<h1><%= raw @title %></h1>',
      '<p><%= raw("Page #{@page - 1}") %></p>',
      '<p><%== "#{@total} comments" %></p>',
      '<% @comments.each do |c| %><%= c.body.html_safe %><% end %>',
      '<p><%= @title %></p>',
    ].join('\n'),
    // A plain-text mail template is no HTML page.
    'app/views/comments/index.text.erb': 'Comments on <%== @title %>\n',
  });
  assert.deepEqual(where(findings), ['app/views/comments/index.html.erb:1 ruby.xss-template-raw-output']);
  const trace = findings[0]!.trace!;
  assert.deepEqual(
    trace.map((s) => [s.kind, s.file, s.line]),
    [
      ['source', 'app/controllers/comments_controller.rb', 3],
      ['step', 'app/controllers/comments_controller.rb', 2],
      ['sink', 'app/views/comments/index.html.erb', 1],
    ],
  );
  assert.match(trace[1]!.label, /^renders comments\/index \(at the end of index\)$/);
});

test('render names another view; before_action callbacks set instance variables first; the layout reads them too', async () => {
  const findings = await scan({
    'app/controllers/admin/posts_controller.rb': [
      'module Admin',
      '  class PostsController < ApplicationController',
      '    before_action :load_banner, only: [:preview]',
      '    def preview',
      '      @body = params[:body]',
      '      render :draft',
      '    end',
      '    def show',
      '      @body = params[:body]',
      '      @post = Post.find(params[:id])',
      '    end',
      '    private',
      '    def load_banner',
      '      @banner = params[:banner]',
      '    end',
      '    def draft',
      '      @body = params[:body]',
      '    end',
      '  end',
      'end',
    ].join('\n'),
    'app/views/admin/posts/draft.html.erb': '<div><%== @body %></div>\n',
    'app/views/admin/posts/show.html.erb': '<div><%= @post.body.html_safe %></div>\n<div><%= @body %></div>\n',
    'app/views/layouts/application.html.erb': '<header><%= @banner.html_safe %></header>\n<%= yield %>\n',
  });
  // `draft` is private: no action of its own; `show` prints its record (stored data) and its body escaped.
  assert.deepEqual(where(findings), [
    'app/views/admin/posts/draft.html.erb:1 ruby.xss-template-raw-output',
    'app/views/layouts/application.html.erb:1 ruby.xss-template-raw-output',
  ]);
  const layout = findings.find((f) => f.file.includes('layouts'))!;
  assert.equal(layout.trace![0]!.line, 14, 'the banner comes from the callback');
  assert.ok(layout.trace!.some((s) => s.label === 'in layout layouts/application'));
});

test('partials see what they are given: locals, collections, and the instance variables', async () => {
  const findings = await scan({
    'app/controllers/search_controller.rb': [
      'class SearchController < ApplicationController',
      '  def show',
      '    @term = params[:q]',
      '    @hits = params[:hits]',
      '  end',
      '  def card',
      '    render partial: "card", locals: { caption: params[:caption], width: params[:w].to_i }',
      '  end',
      'end',
    ].join('\n'),
    'app/views/search/show.html.erb': '<%= render "term", term: @term %>\n<%= render partial: "shared/hit", collection: @hits %>\n',
    'app/views/search/_term.html.erb': '<b><%= raw term %></b>\n',
    'app/views/shared/_hit.html.erb': '<li><%= hit.html_safe %></li>\n',
    'app/views/search/_card.html.erb': '<p><%= caption.html_safe %></p>\n<p style="width: <%= raw width %>px"></p>\n',
  });
  assert.deepEqual(where(findings), [
    'app/views/search/_card.html.erb:1 ruby.xss-template-raw-output',
    'app/views/search/_term.html.erb:1 ruby.xss-template-raw-output',
    'app/views/shared/_hit.html.erb:1 ruby.xss-template-raw-output',
  ]);
});

test('an API controller and a controller that always redirects render no view', async () => {
  const findings = await scan({
    'app/controllers/api/notes_controller.rb': 'class Api::NotesController < ActionController::API\n  def show\n    @note = params[:note]\n  end\nend\n',
    'app/views/api/notes/show.html.erb': '<%== @note %>\n',
    'app/controllers/links_controller.rb': 'class LinksController < ApplicationController\n  def show\n    @note = params[:note]\n    redirect_to root_path\n  end\nend\n',
    'app/views/links/show.html.erb': '<%== @note %>\n',
  });
  assert.deepEqual(where(findings), []);
});

test('erb reader: raw outputs, their variables, loops, partials', () => {
  const erb = templateSyntax('erb')!;
  const parsed = erb.parse(
    [
      '<%# <%== @hidden %> %>',
      '<%= raw @a %> <%= @b %> <%== "x #{@c}" %>',
      '<% @items.each do |item| %><%= item.name.html_safe %><% end %>',
      '<%= raw link_to_user(@d) %> <%= raw @e.count %> <%= t(:x, name: @f).html_safe %>',
      '<%= render "row", row: @g %>',
      '<%= render partial: "shared/nav", locals: { title: @h } %>',
    ].join('\n'),
  );
  assert.deepEqual(
    parsed.raw.map((r) => [r.line, r.roots.join(',')]),
    [[2, '@a'], [2, '@c'], [3, '@items']],
  );
  assert.deepEqual(
    parsed.references.map((r) => [r.name, r.line, r.bindings?.row ?? r.bindings?.title]),
    [['_row', 5, ['@g']], ['shared/_nav', 6, ['@h']]],
  );
  assert.deepEqual(templateSyntax('erb')!.extensions, ['.html.erb']);
});

test('ruby roots: helpers give their own output, numbers and JSON carry no markup', () => {
  assert.deepEqual(rubyRoots('"Page #{@page - 1}"'), ['@page']);
  assert.deepEqual(rubyRoots('link_to_user @user'), []);
  assert.deepEqual(rubyRoots('Digest::MD5.hexdigest(entry.path)'), []);
  assert.deepEqual(rubyRoots('@post.body.truncate(80, omission: @z)'), ['@post']);
  assert.deepEqual(rubyRoots('[@a, @b].join(" ")'), ['@a', '@b']);
  assert.deepEqual(rubyRoots('@x.to_json'), []);
  assert.deepEqual(rubyRoots('@u.name if @show'), ['@u']);
  assert.deepEqual(rubyRoots('format("%s", @q)'), ['@q']);
  // A mapping block: the elements count where the body prints them itself, not where a helper takes them.
  assert.deepEqual(rubyRoots('@items.map { |i| link_to(i.name, i) }.join(", ")'), []);
  assert.deepEqual(rubyRoots('@tags.map { |t| "<b>#{t}</b>" }.join'), ['@tags']);
});

test('callbacks a controller inherits run before its actions, unless it skips them', async () => {
  const findings = await scan({
    'app/controllers/application_controller.rb': [
      'class ApplicationController < ActionController::Base',
      '  before_action :set_notice',
      '  private',
      '  def set_notice',
      '    @notice = params[:notice]',
      '  end',
      'end',
    ].join('\n'),
    'app/controllers/admin/base_controller.rb': 'module Admin\n  class BaseController < ApplicationController\n  end\nend\n',
    'app/controllers/admin/pages_controller.rb': 'module Admin\n  class PagesController < Admin::BaseController\n    def show\n      @page = Page.find(params[:id])\n    end\n  end\nend\n',
    'app/controllers/feeds_controller.rb': 'class FeedsController < ApplicationController\n  skip_before_action :set_notice\n  def show\n    @page = Page.find(params[:id])\n  end\nend\n',
    'app/views/admin/pages/show.html.erb': '<p class="notice"><%= raw @notice %></p>\n',
    'app/views/feeds/show.html.erb': '<p class="notice"><%= raw @notice %></p>\n',
  });
  assert.deepEqual(where(findings), ['app/views/admin/pages/show.html.erb:1 ruby.xss-template-raw-output']);
  assert.deepEqual(findings[0]!.trace![0]!.file, 'app/controllers/application_controller.rb');
});
