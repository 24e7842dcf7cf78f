package com.example.mapper;

import java.util.List;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

public interface UserMapper {

    // ruleid: SQL_INJECTION
    @Select("select * from users where username = '${username}'")
    List<User> findByName(@Param("username") String username);

    // ok: SQL_INJECTION
    @Select("select * from users where username = #{username}")
    User findOne(@Param("username") String username);
}
