// GraphQL resolvers: the query's arguments are the client's input, like a route's query string.
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Arg, Query as TypeQuery, Resolver as TypeResolver } from 'type-graphql';
import { DataSource } from 'typeorm';
import { Logger } from '@nestjs/common';

@Resolver()
export class ProductResolver {
  private readonly logger = new Logger(ProductResolver.name);

  constructor(private readonly dataSource: DataSource) {}

  @Query(() => [String])
  products(@Args('category') category: string) {
    // ruleid: SQL_INJECTION
    return this.dataSource.query(`SELECT name FROM products WHERE category = '${category}'`);
  }

  @Query(() => [String])
  productsByFilter(@Args() filter: { name: string; limit: number }) {
    // ruleid: LOG_INJECTION
    console.log('product filter ' + filter.name);
    // ruleid: SQL_INJECTION
    return this.dataSource.query(`SELECT name FROM products WHERE name LIKE '%${filter.name}%'`);
  }

  @Query(() => String)
  product(@Args('id', { type: () => Int }) id: number) {
    // ok: SQL_INJECTION
    return this.dataSource.query(`SELECT name FROM products WHERE id = ${id}`);
  }

  @Query(() => String)
  productBySku(@Args('sku') sku: string) {
    // ok: SQL_INJECTION
    return this.dataSource.query('SELECT name FROM products WHERE sku = $1', [sku]);
  }
}

@TypeResolver()
export class RecipeResolver {
  constructor(private readonly dataSource: DataSource) {}

  @TypeQuery(() => [String])
  recipes(@Arg('title') title: string) {
    // ruleid: SQL_INJECTION
    return this.dataSource.query("SELECT * FROM recipes WHERE title = '" + title + "'");
  }
}
